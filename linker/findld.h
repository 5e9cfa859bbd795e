/* SPDX-License-Identifier: MIT */
#ifndef LINKER_FINDLD_H
#define LINKER_FINDLD_H
/*
 * Finding the real linker when linking: the program the compiler that
 * ran the wrapper would have run, had it not been pointed at the wrapper.
 * Nothing is fixed at build time, so a linker installed or upgraded later
 * is found.
 *
 *  - gcc (COLLECT_GCC set): NAME in each directory of COMPILER_PATH, then
 *    of PATH, which is what collect2 does;
 *  - clang (the parent process): the answer of that same clang to
 *    -print-prog-name=NAME, given its -B, --prefix, --target and
 *    --gcc-toolchain options; a bare name there means clang would search
 *    PATH, and so does the wrapper;
 *  - run directly: NAME in PATH, as the shell would run it.
 *
 * The wrapper itself (its file, compared by device and inode with
 * /proc/self/exe) is passed over wherever it turns up: the compiler
 * found it through a -B directory, and the real linker comes after it.
 */

/*
 * The real linker for NAME ("ld", "ld.bfd", "ld.gold", "ld.lld",
 * "ld.mold"), in a string the caller frees.  NULL after a message when
 * there is none.
 */
char *lw_findld(const char *name);

#endif

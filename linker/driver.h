/* SPDX-License-Identifier: MIT */
#ifndef LINKER_DRIVER_H
#define LINKER_DRIVER_H
/*
 * Which compiler driver ran the wrapper, and what of its command line
 * decides where it looks for programs.  Pure: the caller reads the
 * environment and /proc.
 *
 * gcc runs the linker through collect2 and tells it, in COMPILER_PATH,
 * every directory it searched (its -B options first); collect2 then runs
 * the first <name> in COMPILER_PATH, else in PATH.  gcc sets
 * COLLECT_GCC for it.  clang runs the linker itself, sets nothing, and
 * answers -print-prog-name=<name> from its -B options, its own
 * directories and then PATH.
 */
#include <stdbool.h>
#include <stddef.h>

#include "linker/argv.h"

enum lw_driver {
	LW_DRIVER_NONE,		/* run directly, by a build system or a user */
	LW_DRIVER_GCC,		/* gcc, through collect2 */
	LW_DRIVER_CLANG,	/* clang, the wrapper's parent */
};

/*
 * The driver, from COLLECT_GCC (NULL when unset) and the path of the
 * parent process's executable (NULL when unknown): gcc when COLLECT_GCC
 * is set, clang when the parent's file name starts with "clang".
 */
enum lw_driver lw_driver_of(const char *collect_gcc, const char *parent_exe);

/*
 * Append to OUT the arguments of CMDLINE (LEN bytes of NUL-terminated
 * arguments, as /proc/<pid>/cmdline holds them), less the program name
 * and a last argument cut off without its NUL.  Returns 0, or -1 when
 * memory runs out.
 */
int lw_driver_args(const char *cmdline, size_t len, struct lw_argv *out);

/*
 * Copy to OUT the options of clang's arguments ARGS (without the program
 * name, response files expanded) that change where it finds programs:
 * -B and --prefix (each as "-B<dir>"), --target and -target (as
 * "--target=<triple>"), --gcc-toolchain.  Returns 0, or -1 when memory
 * runs out.
 */
int lw_driver_search_args(const struct lw_argv *args, struct lw_argv *out);

#endif

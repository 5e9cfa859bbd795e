/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_BOUND_H
#define MACHINE_BOUND_H
/*
 * The libc functions that every start of a relinked program calls,
 * asked or not (getauxval, dl_iterate_phdr), declared again so that the
 * dynamic loader binds them as it loads the program, with the rest of
 * its relocations (a GOT entry, R_*_GLOB_DAT), and not at their first
 * call through the PLT: lazy binding saves the vector registers and
 * looks the symbol up in tables that a start after another program finds
 * out of the cache, about 0.6 us each inside the runtime's constructor
 * on the benchmark's machine (doc/bench.md, part j).  Include this in
 * place of <sys/auxv.h> and <link.h>.  Compilers without the noplt
 * attribute (clang) keep the PLT.
 */
#include <link.h>
#include <sys/auxv.h>

#if defined(__has_attribute)
#if __has_attribute(noplt)
#define MACH_BOUND_AT_LOAD __attribute__((noplt))
#endif
#endif
#ifndef MACH_BOUND_AT_LOAD
#define MACH_BOUND_AT_LOAD
#endif

unsigned long getauxval(unsigned long type) MACH_BOUND_AT_LOAD;
int dl_iterate_phdr(int (*callback)(struct dl_phdr_info *info, size_t size,
				    void *data),
		    void *data) MACH_BOUND_AT_LOAD;

#endif

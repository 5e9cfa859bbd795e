/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_HWCAPS_H
#define TOOLS_INSPECT_HWCAPS_H
/*
 * The glibc-hwcaps subdirectories glibc's dynamic loader (2.33 and
 * later) searches on this processor, best first: "x86-64-v4",
 * "x86-64-v3", "x86-64-v2" on an x86-64 one that has AVX-512.  It tries
 * DIR/glibc-hwcaps/SUBDIR/ for each, in that order, before each
 * directory DIR of its search (elf/dl-hwcaps.c), and prefers the entry
 * of /etc/ld.so.cache under the best of them (elf/dl-cache.c).
 *
 * Which ones it searches is the loader's decision, made from the
 * processor (CPUID and the state the kernel enables, on x86-64), from
 * GLIBC_TUNABLES (glibc.cpu.hwcaps=-AVX2 takes x86-64-v3 away) and from
 * its own version, so the loader is asked: "ld.so --help" lists them
 * (elf/dl-usage.c).  A loader older than 2.33 lists none, and searches
 * none.  Parsing and ranking are pure.
 */
#include <stddef.h>

#include "elf/file.h"

#define INSPECT_HWCAPS_MAX 16		/* subdirectories kept at most */
#define INSPECT_HWCAP_LEN 64		/* the longest name kept, and a NUL */

struct inspect_hwcaps {
	char name[INSPECT_HWCAPS_MAX][INSPECT_HWCAP_LEN];	/* best first */
	size_t n;
};

/*
 * Read into HW what "ld.so --help" printed, TEXT: the names of the
 * section "Subdirectories of glibc-hwcaps directories, in priority
 * order:" marked "searched", in their order.  Names that hold a '/' or
 * that are too long are passed over.  HW is empty when there is no such
 * section.
 */
void inspect_hwcaps_parse(struct inspect_hwcaps *hw, const char *text);

/* The rank of the subdirectory NAME in HW: 1 for the best, 0 when it
 * is not searched. */
size_t inspect_hwcaps_rank(const struct inspect_hwcaps *hw, const char *name);

/*
 * Ask the loader this tool runs with, which is the system's, for the
 * subdirectories it would search for PROG, under GLIBC_TUNABLES TUNABLES
 * (NULL: unset), into HW.  HW is empty when PROG is of another machine
 * or class than this tool (what its own loader would do is not known
 * here), when this tool is static, and, after a warning, when the loader
 * cannot be asked.
 */
void inspect_hwcaps_ask(struct inspect_hwcaps *hw, const struct el_file *prog,
			const char *tunables);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_FAULT_H
#define LOADER_FAULT_H
/*
 * Fault injection for the tests: HUGELINK_FAULT makes one step fail on
 * purpose, so the tests can watch the fallbacks work on a real kernel.
 * It is compiled into the shipped runtime so that the tests exercise the
 * code that is installed.  What it can do (base pages, an abort, a wait
 * of at most 60 s) the user who sets it can do to the program anyway,
 * and it is ignored under AT_SECURE (set-uid, set-gid, file
 * capabilities) like everything else from the environment.
 *
 *   reserve        reserving hugetlb pages fails as if the pool were empty
 *   thp-small      the memory built for transparent huge pages is advised
 *                  MADV_NOHUGEPAGE, so the kernel backs it with base
 *                  pages, as when it has no huge page to give
 *   no-hugetlb-mremap  the kernel cannot move hugetlb mappings, as before
 *                  Linux 5.16: the probe fails, and every mremap of
 *                  hugetlb pages unmaps its target, then fails with
 *                  EINVAL
 *   swap           the last swap fails, leaving the old pages in place
 *   swap-unmapped  the last swap fails after the old pages are gone
 *   recover        ... and putting them back fails too (fatal)
 *   wait:PATH      before reserving, wait (up to 60 s) until PATH exists
 *   wait-commit:PATH  the same, after reserving, just before the swap
 *   wait-publish:PATH the same, while making a shared file, holding its
 *                  lock, before the file is published
 */
#include <stdbool.h>

#include "remap/remap.h"

struct ldr_fault {
	bool reserve;
	bool thp_small;
	enum remap_fault commit;
	char wait_reserve[128];
	char wait_commit[128];
	char wait_publish[128];
};

/*
 * Read HUGELINK_FAULT into F (nothing under SECURE).  Returns its value
 * when it names no fault, the first time only, for one warning; else
 * NULL.
 */
const char *ldr_fault_read(struct ldr_fault *f, bool secure);

/* Block until PATH exists, when it is not empty. */
void ldr_fault_wait(const char *path);

#endif

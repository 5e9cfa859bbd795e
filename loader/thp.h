/* SPDX-License-Identifier: MIT */
#ifndef LOADER_THP_H
#define LOADER_THP_H
/*
 * Transparent huge pages for a range: anonymous memory the kernel backs
 * with huge pages.  It comes from ordinary memory (and counts against
 * the memory cgroup like any other), not from the hugetlb pool, and a
 * copy-on-write after fork() falls back to a base-page copy instead of
 * failing.  Swapped in with mremap like hugetlb memory: anonymous
 * mappings move on every kernel, and a move between addresses aligned
 * to THP's page size keeps the huge pages whole.
 */
#include <stddef.h>
#include <stdint.h>

#include "loader/backing.h"

/*
 * Map LEN bytes (a multiple of PAGE, THP's page size) of anonymous
 * memory aligned to PAGE, advised MADV_HUGEPAGE, read and write, none of
 * it present yet: ldr_backing_fault_in faults it in, a huge page at a
 * time as it is filled.  Returns 0, or -1 with B->error set (B->err is
 * MADV_HUGEPAGE's errno when THP itself is refused).
 */
int ldr_thp_map(struct ldr_backing *b, size_t len, size_t page);

/*
 * After B is filled: collapse whatever the faults left on base pages
 * into huge pages (MADV_COLLAPSE, Linux 6.1; before that the faults of
 * the advised range are all there is).  Returns 0, or -1 with B->error
 * set when the kernel could not make them huge.
 */
int ldr_thp_collapse(struct ldr_backing *b);

/* An address range, [lo, hi). */
struct ldr_thp_range {
	uintptr_t lo, hi;
};

/*
 * Into HUGE[i], the bytes of each of the N ranges R that transparent
 * huge pages back, from one reading of /proc/self/smaps (AnonHugePages).
 * Returns 0, or -1 when smaps cannot be read.
 */
int ldr_thp_measure(const struct ldr_thp_range *r, int n, uint64_t *huge);

/*
 * After B is filled and collapsed: check, from /proc/self/smaps, that
 * transparent huge pages back all of it.  The kernel may give base pages
 * without an error (memory too fragmented for a huge page, with no
 * MADV_COLLAPSE before Linux 6.1 to try again).  Returns 0, or -1 with
 * B->error saying how much stayed on base pages, and B unmapped.
 */
int ldr_thp_check(struct ldr_backing *b);

/* Advise B's memory MADV_NOHUGEPAGE (HUGELINK_FAULT=thp-small). */
void ldr_thp_refuse(struct ldr_backing *b);

#endif

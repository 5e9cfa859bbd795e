/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_HUGETLB_H
#define MACHINE_HUGETLB_H
/*
 * Anonymous hugetlb mappings: the flags that ask for one of a page size,
 * and whether this kernel can move one with mremap.
 */
#include <stddef.h>

/* MAP_HUGETLB with the size bits for PAGE-sized pages. */
int mach_hugetlb_flags(size_t page);

/*
 * Whether mremap can move a hugetlb mapping here (Linux 5.16 or later),
 * tried on one PAGE-sized page mapped MAP_NORESERVE and never touched, so
 * the try takes nothing from the pool.  Returns 1, or 0 with WHY set.
 */
int mach_hugetlb_can_move(size_t page, char *why, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Anonymous hugetlb mappings: see hugetlb.h.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "machine/hugetlb.h"

#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif

int mach_hugetlb_flags(size_t page)
{
	return MAP_HUGETLB | __builtin_ctzl(page) << MAP_HUGE_SHIFT;
}

/* Try to move the hugetlb page FROM into an area of its own; 1 when it
 * moves, else 0 and why in WHY (LEN bytes).  FROM is unmapped. */
static int try_move(char *from, size_t page, char *why, size_t len)
{
	char *area = mmap(NULL, 2 * page, PROT_NONE, MAP_PRIVATE |
			  MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	char *to = (char *)(((uintptr_t)area + page - 1) &
			    ~(uintptr_t)(page - 1));
	char *moved;
	int err;

	if (area == MAP_FAILED) {
		snprintf(why, len, "no address space to try mremap in: %s",
			 strerror(errno));
		munmap(from, page);
		return 0;
	}
	moved = mremap(from, page, page, MREMAP_MAYMOVE | MREMAP_FIXED, to);
	err = errno;
	munmap(area, 2 * page);
	if (moved == to)
		return 1;
	munmap(from, page);
	/* Before Linux 5.16, mremap refuses any hugetlb mapping (EINVAL). */
	if (err == EINVAL)
		snprintf(why, len, "this kernel cannot move hugetlb mappings "
			 "(mremap: %s; Linux 5.16 or later can)",
			 strerror(err));
	else
		snprintf(why, len, "cannot move a hugetlb page to try it "
			 "(mremap: %s)", strerror(err));
	return 0;
}

int mach_hugetlb_can_move(size_t page, char *why, size_t len)
{
	char *from = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE |
			  MAP_ANONYMOUS | MAP_NORESERVE |
			  mach_hugetlb_flags(page), -1, 0);

	if (from == MAP_FAILED) {
		snprintf(why, len, "cannot map a hugetlb page to try mremap "
			 "on: %s", strerror(errno));
		return 0;
	}
	return try_move(from, page, why, len);
}

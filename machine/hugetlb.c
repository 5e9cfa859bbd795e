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

int mach_hugetlb_can_move(size_t page, char *why, size_t len)
{
	char *from = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE |
			  MAP_ANONYMOUS | MAP_NORESERVE |
			  mach_hugetlb_flags(page), -1, 0);
	char *area, *to, *moved = MAP_FAILED;
	int err;

	if (from == MAP_FAILED) {
		snprintf(why, len, "cannot map a hugetlb page to try mremap "
			 "on: %s", strerror(errno));
		return 0;
	}
	area = mmap(NULL, 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
		    MAP_NORESERVE, -1, 0);
	to = (char *)(((uintptr_t)area + page - 1) & ~(uintptr_t)(page - 1));
	if (area != MAP_FAILED)
		moved = mremap(from, page, page, MREMAP_MAYMOVE | MREMAP_FIXED,
			       to);
	err = errno;
	if (area != MAP_FAILED)
		munmap(area, 2 * page);
	if (moved != to)
		munmap(from, page);
	if (moved == to)
		return 1;
	snprintf(why, len, "this kernel cannot move hugetlb mappings (mremap: "
		 "%s; Linux 5.16 or later can)", strerror(err));
	return 0;
}

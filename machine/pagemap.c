/* SPDX-License-Identifier: MIT */
/*
 * PAGEMAP_SCAN: see pagemap.h.  The ioctl's structures are spelled out
 * here, from the kernel's ABI (include/uapi/linux/fs.h), for the libc
 * headers that predate them.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "machine/pagemap.h"

struct pm_region {
	uint64_t start, end, categories;
};

struct pm_scan {
	uint64_t size, flags, start, end, walk_end;
	uint64_t vec, vec_len, max_pages;
	uint64_t category_inverted, category_mask, category_anyof_mask;
	uint64_t return_mask;
};

#define MACH_PAGEMAP_SCAN _IOWR('f', 16, struct pm_scan)
#define MACH_PAGE_IS_FILE (1u << 2)
#define MACH_PAGE_IS_PRESENT (1u << 3)
#define MACH_PAGE_IS_SWAPPED (1u << 4)
#define MACH_PAGE_IS_HUGE (1u << 6)

/* Regions asked for at once; a longer answer goes on from walk_end. */
#define MACH_PAGEMAP_VEC 16

int mach_pagemap_open(void)
{
	return open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
}

/* The bytes of [S, E) inside [A, B). */
static uint64_t overlap(uint64_t s, uint64_t e, uint64_t a, uint64_t b)
{
	s = s > a ? s : a;
	e = e < b ? e : b;
	return e > s ? e - s : 0;
}

/* The bytes of [S, E) in the first or last END bytes of [LO, HI). */
static uint64_t at_ends(uint64_t s, uint64_t e, uint64_t lo, uint64_t hi,
			uint64_t end)
{
	if (hi - lo <= 2 * end)
		return overlap(s, e, lo, hi);
	return overlap(s, e, lo, lo + end) + overlap(s, e, hi - end, hi);
}

int mach_pagemap_huge(int fd, uintptr_t lo, uintptr_t hi, size_t end,
		      uint64_t *bytes)
{
	struct pm_region vec[MACH_PAGEMAP_VEC];
	const uintptr_t from = lo;
	struct pm_scan arg;
	long got;

	*bytes = 0;
	while (lo < hi) {
		arg = (struct pm_scan){
			.size = sizeof(arg), .start = lo, .end = hi,
			.vec = (uintptr_t)vec, .vec_len = MACH_PAGEMAP_VEC,
			.category_mask = MACH_PAGE_IS_HUGE,
			.return_mask = MACH_PAGE_IS_HUGE,
		};
		got = ioctl(fd, MACH_PAGEMAP_SCAN, &arg);
		if (got < 0)
			return -1;
		for (long i = 0; i < got; i++)
			*bytes += at_ends(vec[i].start, vec[i].end, from, hi,
					  end);
		if (arg.walk_end <= lo) {
			errno = EINVAL;
			return -1;
		}
		lo = arg.walk_end;
	}
	return 0;
}

int mach_pagemap_written(int fd, uintptr_t lo, uintptr_t hi)
{
	struct pm_region vec[1];
	struct pm_scan arg = {
		.size = sizeof(arg), .start = lo, .end = hi,
		.vec = (uintptr_t)vec, .vec_len = 1, .max_pages = 1,
		/* Not the file's page, and in use. */
		.category_inverted = MACH_PAGE_IS_FILE,
		.category_mask = MACH_PAGE_IS_FILE,
		.category_anyof_mask = MACH_PAGE_IS_PRESENT |
				       MACH_PAGE_IS_SWAPPED,
		.return_mask = MACH_PAGE_IS_PRESENT | MACH_PAGE_IS_SWAPPED,
	};
	long got;

	if (fd < 0)
		return -1;
	if (lo >= hi)
		return 0;
	got = ioctl(fd, MACH_PAGEMAP_SCAN, &arg);
	if (got > 0)
		return 1;
	/* None found is an answer only for a walk that reached the end. */
	return got == 0 && arg.walk_end >= hi ? 0 : -1;
}

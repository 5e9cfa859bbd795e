/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_POOL_H
#define MACHINE_POOL_H
/*
 * The huge-page pool of one page size, as sysfs shows it right now.
 * Every reading of a pool counter goes through mach_pool_counter, which
 * uses only open, read and close.
 */
#include <stdbool.h>
#include <stddef.h>

#define MACH_SYSFS_HUGEPAGES "/sys/kernel/mm/hugepages"
#define MACH_POOL_PATH_MAX 160

struct mach_pool {
	bool known;		/* the counters could be read */
	bool resv_wrapped;	/* the kernel's count of reserved pages went
				   below zero, and shows as a huge number
				   (a private hugetlb mapping shared by a
				   fork whose parent then exits): RESV is
				   then taken as 0, and the mapping's own
				   reservation decides */
	long nr, free, resv, overcommit, surplus;
};

/*
 * Write the path of counter NAME ("free_hugepages", ...) of the pool of
 * PAGE-sized pages under DIR into BUF (MACH_POOL_PATH_MAX bytes).
 */
void mach_pool_path(char *buf, const char *dir, size_t page, const char *name);

/*
 * The number in the sysfs file PATH, LONG_MAX where it is larger, or
 * -1.  Async-signal-safe: no stdio, no allocation (errno may change).
 */
long mach_pool_counter(const char *path);

/* Read the pool of PAGE-sized pages under DIR (MACH_SYSFS_HUGEPAGES). */
void mach_pool_read(struct mach_pool *p, const char *dir, size_t page);

/* Pages that can be had without overcommit: free and not reserved. */
long mach_pool_available(const struct mach_pool *p);

/* Pages that overcommit may add on top, if the kernel finds them. */
long mach_pool_headroom(const struct mach_pool *p);

#endif

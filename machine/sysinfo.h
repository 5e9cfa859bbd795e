/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_SYSINFO_H
#define MACHINE_SYSINFO_H
/*
 * What the running kernel offers: page sizes and hugetlbfs mounts.  Reads
 * /proc and /sys with libc; used before any segment is touched, and by
 * the tools.
 */
#include <stddef.h>

#include "core/plan.h"

/*
 * Fill SIZES: the base page size, every huge page size the kernel
 * supports (/sys/kernel/mm/hugepages) and the default huge page size
 * (/proc/meminfo, or DEFAULT_PAGE when it is non-zero and supported).
 * Returns 0, or -1 when the kernel has no huge pages at all.
 */
int mach_sizes_read(struct hl_sizes *sizes, size_t default_page);

/*
 * Fill SIZES without asking the kernel, where the architecture allows:
 * on x86-64 the 2 MiB PMD size alone, as default.  The kernel offers it
 * there with the hugetlb pool and with THP, and at most 1 GiB besides;
 * for an object laid out for no more than 2 MiB and no segment of 1 GiB
 * (hl_phdrs_below), a plan moves the same ranges onto the same pages
 * either way, whichever of the two is the default, unless forced
 * (tests/unit/core/plan-test.c).  Returns 0, or -1 elsewhere: arm64's
 * contiguous sizes between the base page and the PMD size change plans.
 */
int mach_sizes_assume(struct hl_sizes *sizes);

/*
 * Find a hugetlbfs mount whose page size is PAGE and in which the caller
 * may make files (read, write and search access), searching the
 * ':'-separated PATHS when non-empty and /proc/mounts otherwise.  Writes
 * it into OUT and returns 0, or -1 when there is none.
 */
int mach_mount_for_size(size_t page, const char *paths, char *out, size_t len);

/* Called with one mount of /proc/mounts: its point, type and options. */
typedef int mach_mount_line_fn(const char *dir, const char *type,
			       const char *opts, void *ctx);

/*
 * Call FN with each mount in /proc/mounts, until FN returns non-zero.
 * Returns that value, 0 when FN went through them all, or -1 when
 * /proc/mounts cannot be read.  A mount point with blanks in it comes
 * escaped (\040), as the kernel writes it.
 */
int mach_mounts_scan(mach_mount_line_fn *fn, void *ctx);

typedef int mach_mount_fn(const char *dir, void *ctx);

/*
 * Call FN with each hugetlbfs mount point in /proc/mounts, whatever its
 * page size, until FN returns non-zero.  Returns that value, 0 when FN
 * went through them all, or -1 when /proc/mounts cannot be read.
 */
int mach_mounts_each(mach_mount_fn *fn, void *ctx);

/*
 * The same for the hugetlbfs mounts of PAGE-sized pages only, taken from
 * the ':'-separated PATHS when non-empty and /proc/mounts otherwise,
 * whatever access the caller has to them.
 */
int mach_mounts_of_size(size_t page, const char *paths, mach_mount_fn *fn,
			void *ctx);

#endif

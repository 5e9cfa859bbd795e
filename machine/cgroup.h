/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_CGROUP_H
#define MACHINE_CGROUP_H
/*
 * The hugetlb cgroup limits on this process, which can refuse huge pages
 * the pool has free, and the memory cgroup limit, which a copy onto
 * transparent huge pages is charged to.  Read from /proc/self/cgroup and
 * the cgroup file systems in /proc/mounts: cgroup v2 (hugetlb.<size>.max
 * and .current, on the pages faulted in; hugetlb.<size>.rsvd.max and
 * .rsvd.current, on those reserved, from Linux 5.7), and v1 as best we
 * can (hugetlb.<size>.limit_in_bytes and .usage_in_bytes, and the same
 * of .rsvd).  A limit on an ancestor counts as well.
 */
#include <stddef.h>

/* The room for the path of a limit file. */
#define MACH_CGROUP_PATH_MAX 256

/* The hugetlb cgroup limits mach_hugetlb_cgroup_room reads. */
enum {
	MACH_HUGETLB_LIMIT_FAULTED = 1,	/* on pages faulted in */
	MACH_HUGETLB_LIMIT_RESERVED = 2,	/* on pages reserved */
	MACH_HUGETLB_LIMIT_BOTH = 3,
};

/*
 * The PAGE-sized huge pages this process's hugetlb cgroups still allow:
 * the smallest limit less use over the LIMITS (MACH_HUGETLB_LIMIT_*) of
 * the cgroup and its ancestors.  A page the runtime takes is reserved
 * and then faulted in, and counts against both.  WHERE gets the limit
 * file that sets it, cut to LEN bytes.  Returns -1 when no limit
 * applies or none can be read.
 */
long mach_hugetlb_cgroup_room(size_t page, unsigned limits, char *where,
			      size_t len);

/*
 * The bytes this process's memory cgroups still allow it: the smallest
 * limit less use over the cgroup and its ancestors (cgroup v2's
 * memory.max and memory.current, v1's memory.limit_in_bytes and
 * memory.usage_in_bytes), where the use leaves out the page cache the
 * cgroup can reclaim (active and inactive file pages in memory.stat).
 * WHERE gets the limit file that sets it.  Returns -1 when no limit
 * applies or none can be read.
 */
long mach_memory_cgroup_room(char *where, size_t len);

/* The kernel's name for PAGE in those files: "2MB", "1GB", "64KB". */
char *mach_hugetlb_cgroup_size(size_t page, char *buf, size_t len);

#endif

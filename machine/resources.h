/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_RESOURCES_H
#define MACHINE_RESOURCES_H
/*
 * What this machine offers the backings of core/backing.h, read once:
 * the hugetlb pool of each page size a plan uses (within any hugetlb
 * cgroup limit), transparent huge pages, and whether hugetlb mappings
 * can be moved.  The facts behind each number are kept for reports.
 */
#include <stdbool.h>

#include "core/backing.h"
#include "machine/cgroup.h"
#include "machine/pool.h"
#include "machine/thp.h"

struct mach_resources_size {
	size_t page;
	struct mach_pool pool;
	long cgroup_room;		/* pages a hugetlb cgroup allows,
					   or -1 */
	char cgroup[MACH_CGROUP_PATH_MAX];	/* the limit file */
};

struct mach_resources {
	struct mach_thp thp;
	char move_why[160];		/* why hugetlb cannot move, or "" */
	bool strict_overcommit;		/* vm.overcommit_memory is 2 */
	struct mach_resources_size size[HL_MAX_SIZES];
	int nsize;
};

/*
 * Read what PLAN's remapped segments may use, with the pools under SYSFS
 * (MACH_SYSFS_HUGEPAGES) and THP under THP_DIR (MACH_SYSFS_THP), into O,
 * and set ENV's pools, THP page size and hugetlb_move from it (ENV's mode
 * and is_static are the caller's).  THP_ALLOWED is false when the
 * process has turned THP off (machine/status.h).  What only the live
 * machine can say, the hugetlb cgroup limit and the mremap probe, is
 * asked only when LIVE is set; otherwise there is no limit, and hugetlb
 * is taken to move.
 */
void mach_resources_read(struct mach_resources *o, struct hl_backing_env *env,
		     const struct hl_plan *plan, const char *sysfs,
		     const char *thp_dir, bool live, bool thp_allowed);

/* The entry of O for PAGE, or NULL. */
const struct mach_resources_size *mach_resources_size(
	const struct mach_resources *o, size_t page);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * What the machine offers the backings: see offer.h.
 */
#include <string.h>

#include "machine/cgroup.h"
#include "machine/hugetlb.h"
#include "machine/resources.h"

/* Add PAGE to O once. */
static void add_size(struct mach_resources *o, size_t page)
{
	for (int i = 0; i < o->nsize; i++)
		if (o->size[i].page == page)
			return;
	if (o->nsize < HL_MAX_SIZES)
		o->size[o->nsize++].page = page;
}

/* Pages the pool of S can give now, within the cgroup's limit. */
static long available(const struct mach_resources_size *s)
{
	long n = mach_pool_available(&s->pool) + mach_pool_headroom(&s->pool);

	return s->cgroup_room >= 0 && s->cgroup_room < n ? s->cgroup_room : n;
}

/* True when the kernel refuses memory it cannot promise (mode 2). */
static bool strict_overcommit(void)
{
	return mach_pool_counter("/proc/sys/vm/overcommit_memory") == 2;
}

/* The page sizes PLAN uses, THP and overcommit; no pool yet. */
static void read_machine(struct mach_resources *o, struct hl_backing_env *env,
			 const struct hl_plan *plan, const char *thp_dir,
			 bool thp_allowed)
{
	memset(o, 0, sizeof(*o));
	for (int i = 0; i < plan->nseg; i++)
		if (plan->seg[i].remap)
			add_size(o, plan->seg[i].page);
	env->npool = 0;
	env->hugetlb_move = true;
	mach_thp_read(&o->thp, thp_dir, thp_allowed);
	o->strict_overcommit = strict_overcommit();
	env->thp_page = o->thp.page;
}

/* The pool of each page size, within any hugetlb cgroup limit, and
 * whether hugetlb mappings move. */
static void read_pools(struct mach_resources *o, struct hl_backing_env *env,
		       const char *sysfs, bool live)
{
	size_t smallest = 0;

	for (int i = 0; i < o->nsize; i++) {
		struct mach_resources_size *s = &o->size[i];

		mach_pool_read(&s->pool, sysfs, s->page);
		s->cgroup_room = live ? mach_hugetlb_cgroup_room(s->page,
					MACH_HUGETLB_LIMIT_BOTH, s->cgroup,
					sizeof(s->cgroup)) : -1;
		hl_backing_add_pool(env, s->page, available(s));
		if (!smallest || s->page < smallest)
			smallest = s->page;
	}
	env->hugetlb_move = !live || !smallest ||
			    mach_hugetlb_can_move(smallest, o->move_why,
						  sizeof(o->move_why));
}

void mach_resources_read(struct mach_resources *o, struct hl_backing_env *env,
		     const struct hl_plan *plan, const char *sysfs,
		     const char *thp_dir, bool live, bool thp_allowed)
{
	read_machine(o, env, plan, thp_dir, thp_allowed);
	read_pools(o, env, sysfs, live);
}

const struct mach_resources_size *mach_resources_size(
	const struct mach_resources *o, size_t page)
{
	for (int i = 0; i < o->nsize; i++)
		if (o->size[i].page == page)
			return &o->size[i];
	return NULL;
}

/* SPDX-License-Identifier: MIT */
/*
 * Choosing a range's backing: see backing.h.  Pure: no system calls, no
 * allocation, no globals.
 */
#include <elf.h>
#include <string.h>

#include "core/backing.h"

void hl_backing_add_pool(struct hl_backing_env *env, size_t page, long avail)
{
	struct hl_pool_share *p;

	if (env->npool == HL_MAX_SIZES)
		return;
	p = &env->pool[env->npool++];
	p->page = page;
	p->avail = p->start = avail > 0 ? avail : 0;
	p->wanted = 0;
}

struct hl_pool_share *hl_backing_pool(struct hl_backing_env *env, size_t page)
{
	for (int i = 0; i < env->npool; i++)
		if (env->pool[i].page == page)
			return &env->pool[i];
	return NULL;
}

static unsigned thp_obstacles(const struct hl_backing_env *env, size_t page)
{
	if (!env->thp_page)
		return HL_OBST_THP_OFF;
	return page == env->thp_page ? 0 : HL_OBST_THP_SIZE;
}

/* What keeps the pool from taking the range; counts what it asks, in
 * *COUNTED too. */
static unsigned hugetlb_obstacles(struct hl_backing_env *env,
				  enum hl_class cls, size_t page, size_t pages,
				  long *counted)
{
	struct hl_pool_share *pool = hl_backing_pool(env, page);
	unsigned o = 0;

	if (cls == HL_CLASS_W && env->is_static)
		o |= HL_OBST_STATIC;
	if (cls == HL_CLASS_W && env->is_library)
		o |= HL_OBST_LIBRARY;
	if (cls == HL_CLASS_W && !env->hugetlb_move)
		o |= HL_OBST_NO_MOVE;
	if (o)
		return o;
	if (pool) {
		pool->wanted += (long)pages;
		*counted += (long)pages;
	}
	if (!pool || pool->avail < (long)pages)
		o |= HL_OBST_POOL;
	else
		pool->avail -= (long)pages;
	return o;
}

/* The backings to try, in order, ending with HL_BACK_BASE. */
static const enum hl_backing *order_of(enum hl_backing_mode mode,
				       enum hl_class cls)
{
	static const enum hl_backing pool_first[] = {
		HL_BACK_HUGETLB, HL_BACK_THP, HL_BACK_BASE
	};
	static const enum hl_backing thp_first[] = {
		HL_BACK_THP, HL_BACK_HUGETLB, HL_BACK_BASE
	};
	static const enum hl_backing pool_only[] = {
		HL_BACK_HUGETLB, HL_BACK_BASE
	};
	static const enum hl_backing thp_only[] = { HL_BACK_THP, HL_BACK_BASE };
	static const enum hl_backing no_copy[] = { HL_BACK_BASE };

	switch (mode) {
	case HL_BACKING_HUGETLB:
		return pool_only;
	case HL_BACKING_THP:
		return thp_only;
	case HL_BACKING_FILE:
		return no_copy;
	case HL_BACKING_AUTO:
		break;
	}
	return cls == HL_CLASS_R ? pool_first : thp_first;
}

struct hl_backing_choice hl_backing_take(struct hl_backing_env *env,
					 enum hl_class cls, size_t page,
					 size_t pages)
{
	const enum hl_backing *b = order_of(env->mode, cls);
	struct hl_backing_choice c = { HL_BACK_BASE, 0, 0 };
	unsigned o;

	for (; *b != HL_BACK_BASE; b++) {
		o = *b == HL_BACK_THP ? thp_obstacles(env, page) :
		    hugetlb_obstacles(env, cls, page, pages, &c.counted);
		if (!o) {
			c.backing = *b;
			return c;
		}
		c.obstacles |= o;
	}
	if (env->mode == HL_BACKING_HUGETLB)
		c.obstacles |= HL_OBST_ONLY_HUGETLB;
	else if (env->mode == HL_BACKING_THP)
		c.obstacles |= HL_OBST_ONLY_THP;
	else if (env->mode == HL_BACKING_FILE)
		c.obstacles |= HL_OBST_ONLY_FILE;
	return c;
}

void hl_backing_refuse(struct hl_backing_env *env,
		       const struct hl_backing_choice *c, size_t page)
{
	struct hl_pool_share *pool = hl_backing_pool(env, page);

	if (c->backing == HL_BACK_THP)
		env->thp_page = 0;
	if (!pool)
		return;
	if (c->backing == HL_BACK_HUGETLB)
		pool->avail = 0;
	/* The next take asks the pool again: count the range once. */
	pool->wanted -= c->counted;
}

void hl_backing_plan(struct hl_backing_env *env, const struct hl_plan *plan,
		     struct hl_backing_choice out[HL_MAX_SEGS])
{
	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		out[i] = (struct hl_backing_choice){ HL_BACK_BASE, 0, 0 };
		if (s->remap)
			out[i] = hl_backing_take(env, s->cls, s->page,
						 hl_seg_pages(s));
	}
}

bool hl_phdrs_static(const struct hl_phdr *ph, size_t phnum)
{
	for (size_t i = 0; i < phnum; i++)
		if (ph[i].type == PT_INTERP)
			return false;
	return true;
}

const char *hl_backing_name(enum hl_backing b)
{
	switch (b) {
	case HL_BACK_HUGETLB:
		return "hugetlb";
	case HL_BACK_THP:
		return "thp";
	case HL_BACK_BASE:
		break;
	}
	return "base";
}

const char *hl_obstacle_text(unsigned bit)
{
	switch (bit) {
	case HL_OBST_POOL:
		return "the huge-page pool is short";
	case HL_OBST_THP_OFF:
		return "transparent huge pages are not usable";
	case HL_OBST_THP_SIZE:
		return "transparent huge pages do not come in that size";
	case HL_OBST_STATIC:
		return "a static program's writable data never goes on hugetlb "
		       "pages (glibc's fork() writes it in the child before "
		       "any handler runs)";
	case HL_OBST_NO_MOVE:
		return "this kernel cannot move hugetlb mappings, which "
		       "writable ranges need (Linux 5.16 or later)";
	case HL_OBST_ONLY_HUGETLB:
		return "HUGELINK_BACKING=hugetlb rules out transparent huge "
		       "pages";
	case HL_OBST_ONLY_THP:
		return "HUGELINK_BACKING=thp rules out the hugetlb pool";
	case HL_OBST_ONLY_FILE:
		return "HUGELINK_BACKING=file rules out copies onto the pool "
		       "or transparent huge pages";
	case HL_OBST_LIBRARY:
		return "a shared library's writable data never goes on hugetlb "
		       "pages (glibc's fork() writes libc's in the child "
		       "before any handler runs, and dlclose() unmaps them)";
	}
	return "unknown";
}

/* SPDX-License-Identifier: MIT */
/* The holes in the ranges a plan moves, held until the swap: see holes.h. */
#include <sys/mman.h>
#include <unistd.h>

#include "loader/holes.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000	/* Linux 4.17 */
#endif

struct hold {
	struct ldr_holes *h;
	uintptr_t brk;		/* the first base page of the brk heap's room */
	int seg;
};

/* Whether [LO, HI) meets a hole held already (two ranges that share
 * one). */
static bool held(const struct ldr_holes *h, uintptr_t lo, uintptr_t hi)
{
	for (int i = 0; i < h->n; i++)
		if (lo < h->hole[i].hi && h->hole[i].lo < hi)
			return true;
	return false;
}

/*
 * Map [LO, HI) inaccessible, where nothing is mapped yet: a kernel
 * before Linux 4.17 takes MAP_FIXED_NOREPLACE for a hint, and a mapping
 * it puts elsewhere is undone.
 */
static bool map_hole(uintptr_t lo, uintptr_t hi)
{
	void *p = mmap((void *)lo, hi - lo, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
		       MAP_FIXED_NOREPLACE, -1, 0);

	if (p == (void *)lo)
		return true;
	if (p != MAP_FAILED)
		munmap(p, hi - lo);
	return false;
}

static int hold_one(uintptr_t lo, uintptr_t hi, void *data)
{
	struct hold *x = data;
	struct ldr_holes *h = x->h;

	if (x->brk >= lo && x->brk < hi)
		hi = x->brk;
	if (hi <= lo || held(h, lo, hi))
		return 0;
	if (h->n < LDR_HOLES_MAX && map_hole(lo, hi))
		h->hole[h->n++] = (struct ldr_hole){ lo, hi };
	else
		h->unheld |= 1u << x->seg;
	return 0;
}

void ldr_holes_hold(struct ldr_holes *h, const struct hl_maps *maps,
		    const struct hl_plan *plan)
{
	uintptr_t base = (uintptr_t)sysconf(_SC_PAGESIZE);
	struct hold x = { h, (maps->brk + base - 1) & ~(base - 1), 0 };

	h->n = 0;
	h->unheld = 0;
	for (int i = 0; i < plan->nseg; i++) {
		if (!plan->seg[i].remap)
			continue;
		x.seg = i;
		if (hl_maps_each_hole(maps, plan->seg[i].map_start,
				      plan->seg[i].map_end, hold_one, &x) < 0)
			h->unheld |= 1u << i;
	}
}

bool ldr_holes_unheld(const struct ldr_holes *h, int i)
{
	return h->unheld & (1u << i);
}

/* Whether the swap of S replaced its target: swapped, or restored onto
 * fresh memory. */
static bool replaced(const struct remap_range *s)
{
	return !s->err || s->recovered;
}

/* Unmap [LO, HI) but for the targets of C's swaps from the I-th on that
 * replaced theirs. */
static void give_back(uintptr_t lo, uintptr_t hi, const struct remap_commit *c,
		      int i)
{
	for (; c && i < c->nswap && lo < hi; i++) {
		const struct remap_range *s = &c->swap[i];
		uintptr_t t = s->target, e = s->target + s->len;

		if (!replaced(s) || e <= lo || hi <= t)
			continue;
		give_back(lo, t > lo ? t : lo, c, i + 1);
		give_back(e < hi ? e : hi, hi, c, i + 1);
		return;
	}
	if (lo < hi)
		munmap((void *)lo, hi - lo);
}

void ldr_holes_release(struct ldr_holes *h, const struct remap_commit *c)
{
	for (int i = 0; i < h->n; i++)
		give_back(h->hole[i].lo, h->hole[i].hi, c, 0);
	h->n = 0;
}

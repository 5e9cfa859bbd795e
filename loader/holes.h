/* SPDX-License-Identifier: MIT */
#ifndef LOADER_HOLES_H
#define LOADER_HOLES_H
/*
 * The holes in the ranges a plan moves: address space that
 * /proc/self/maps showed free inside a range, between an object's
 * segments or past its bss.  A static-pie program, which the kernel
 * places among the mappings it makes itself, often ends its last huge
 * page in free address space, where the kernel puts the next small
 * mapping.  Prepare judges each range from one reading of the maps; a
 * mapping made after it (the runtime's own, or libc's for it) in such a
 * hole would be replaced by the swap.  So the runtime holds every hole
 * itself, with an inaccessible mapping, from just after the reading
 * until the swap, which replaces what lies in the ranges it swaps; the
 * rest is given back.  A hole at or past the break is left to the brk
 * heap, which prepare may extend over the range (loader/heap.h).
 */
#include <stdbool.h>
#include <stdint.h>

#include "core/objmaps.h"
#include "core/plan.h"
#include "remap/remap.h"

#define LDR_HOLES_MAX 32

struct ldr_hole {
	uintptr_t lo, hi;
};

struct ldr_holes {
	struct ldr_hole hole[LDR_HOLES_MAX];
	int n;
	uint32_t unheld;	/* a bit per segment of the plan: a hole in
				   its range could not be held */
};

/*
 * Hold the holes of MAPS (the reading prepare judges from) in the range
 * of each segment PLAN moves, but for those at or past the break
 * MAPS->brk had then.
 */
void ldr_holes_hold(struct ldr_holes *h, const struct hl_maps *maps,
		    const struct hl_plan *plan);

/* Whether a hole in the range of the I-th segment of the plan is not
 * held: the range cannot be swapped safely. */
bool ldr_holes_unheld(const struct ldr_holes *h, int i);

/*
 * Give back every hole held but what the swap of C replaced: the ranges
 * it swapped, and those it restored onto fresh memory.  C NULL: no swap
 * ran.
 */
void ldr_holes_release(struct ldr_holes *h, const struct remap_commit *c);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * plan-check.h: the promise every plan must keep, checked by the fuzzers
 * that plan.  Every segment has a verdict.  A range put on huge pages is
 * aligned to its page size and holds no byte of another segment, not
 * even one of the base pages around it, and no page that turns read-only
 * after relocation (RELRO).  A broken promise aborts, which libFuzzer
 * reports as a crash.
 */
#ifndef FUZZ_PLAN_CHECK_H
#define FUZZ_PLAN_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/plan.h"

#define PC_DOWN(x, a) ((x) & ~((uintptr_t)(a) - 1))

/* X rounded up to A; the top of the address space where that would pass
 * it, rather than 0, so that a segment in the last page still meets what
 * lies below it. */
static inline uintptr_t pc_up(uintptr_t x, size_t a)
{
	return x > UINTPTR_MAX - (a - 1) ? UINTPTR_MAX : PC_DOWN(x + a - 1, a);
}

static inline bool pc_meets(const struct hl_seg *s, uintptr_t lo, uintptr_t hi)
{
	return lo < hi && s->map_start < hi && lo < s->map_end;
}

static inline void pc_check_plan(const struct hl_plan *plan, size_t base)
{
	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (s->why == HL_WHY_PENDING)
			abort();
		if (!s->remap)
			continue;
		if (!s->page || s->map_start % s->page ||
		    s->map_end % s->page || s->map_start >= s->map_end ||
		    hl_seg_pages(s) != (s->map_end - s->map_start) / s->page)
			abort();
		if (pc_meets(s, PC_DOWN(plan->relro_start, base),
			     PC_DOWN(plan->relro_end, base)))
			abort();
		for (int j = 0; j < plan->nseg; j++)
			if (j != i &&
			    pc_meets(s, PC_DOWN(plan->seg[j].start, base),
				     pc_up(plan->seg[j].end, base)))
				abort();
	}
}

#endif

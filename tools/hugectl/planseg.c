/* SPDX-License-Identifier: MIT */
/*
 * The segments hugectl names: see planseg.h.
 */
#include <stdbool.h>

#include "tools/hugectl/planseg.h"

static bool asked(const struct hl_seg *s)
{
	return s->why != HL_WHY_NOT_ASKED && s->why != HL_WHY_DISABLED;
}

const struct hl_seg *ctl_first_refusal(const struct hl_plan *plan)
{
	for (int i = 0; i < plan->nseg; i++)
		if (!plan->seg[i].remap && asked(&plan->seg[i]))
			return &plan->seg[i];
	return NULL;
}

const struct hl_seg *ctl_largest_asked(const struct hl_plan *plan)
{
	const struct hl_seg *best = NULL;

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (asked(s) &&
		    (!best || s->end - s->start > best->end - best->start))
			best = s;
	}
	return best;
}

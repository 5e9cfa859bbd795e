/* SPDX-License-Identifier: MIT */
/*
 * The segments hugectl names: see planseg.h.
 */
#include <stdbool.h>

#include "core/text.h"
#include "tools/hugectl/planseg.h"

static bool refused(const struct hl_seg *s)
{
	return !s->remap && hl_seg_asked(s);
}

/* Whether a segment before the I-th of PLAN stays for the same reason. */
static bool said_before(const struct hl_plan *plan, int i)
{
	for (int j = 0; j < i; j++)
		if (refused(&plan->seg[j]) && plan->seg[j].why == plan->seg[i].why)
			return true;
	return false;
}

/* Put into L the segments from the I-th of PLAN on that stay for its
 * reason: "segment 2", "segments 2 and 3", "segments 2, 3 and 5". */
static void put_segments(struct hl_text *l, const struct hl_plan *plan, int i)
{
	enum hl_why why = plan->seg[i].why;
	int n = 0, said = 0;

	for (int j = i; j < plan->nseg; j++)
		n += refused(&plan->seg[j]) && plan->seg[j].why == why;
	hl_text_put(l, "segment%s", n > 1 ? "s" : "");
	for (int j = i; j < plan->nseg; j++) {
		if (!refused(&plan->seg[j]) || plan->seg[j].why != why)
			continue;
		said++;
		hl_text_put(l, "%s%d", said == 1 ? " " : said == n ? " and " :
			    ", ", plan->seg[j].phdr);
	}
}

int ctl_refusals_text(const struct hl_plan *plan, char *buf, size_t len)
{
	struct hl_text l;
	int n = 0;

	hl_text_init(&l, buf, len);
	for (int i = 0; i < plan->nseg; i++) {
		if (!refused(&plan->seg[i]))
			continue;
		n++;
		if (said_before(plan, i))
			continue;
		hl_text_put(&l, "%s", l.used ? "; " : "");
		put_segments(&l, plan, i);
		hl_text_put(&l, ": %s", hl_why_text(plan->seg[i].why));
	}
	return n;
}

const struct hl_seg *ctl_largest_asked(const struct hl_plan *plan)
{
	const struct hl_seg *best = NULL;

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (hl_seg_asked(s) &&
		    (!best || s->end - s->start > best->end - best->start))
			best = s;
	}
	return best;
}

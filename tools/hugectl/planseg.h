/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_PLANSEG_H
#define TOOLS_HUGECTL_PLANSEG_H
/*
 * The segments of a plan that hugectl names when it says why something
 * stays on base pages.  Pure.
 */
#include <stddef.h>

#include "core/plan.h"

/*
 * Every segment of PLAN that was asked for and stays on base pages, with
 * its reason, each reason once after the segments it keeps there
 * ("segments 2 and 3: WHY; segment 5: WHY"), into BUF (LEN bytes, cut
 * short where it is too small).  Returns how many segments it names.
 */
#define CTL_REFUSALS_LEN 600

int ctl_refusals_text(const struct hl_plan *plan, char *buf, size_t len);

/* The largest segment PLAN was asked to move, or NULL. */
const struct hl_seg *ctl_largest_asked(const struct hl_plan *plan);

#endif

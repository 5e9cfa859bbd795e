/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_PLANSEG_H
#define TOOLS_HUGECTL_PLANSEG_H
/*
 * The segments of a plan that hugectl names when it says why something
 * stays on base pages.  Pure.
 */
#include "core/plan.h"

/* The first segment of PLAN that was asked for and stays on base pages,
 * or NULL. */
const struct hl_seg *ctl_first_refusal(const struct hl_plan *plan);

/* The largest segment PLAN was asked to move, or NULL. */
const struct hl_seg *ctl_largest_asked(const struct hl_plan *plan);

#endif

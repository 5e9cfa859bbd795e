/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_PLAN_H
#define TOOLS_HUGECTL_PLAN_H
/*
 * hugectl's look ahead: plan the program under the variables it is about
 * to set, say what will go on huge pages, and make a program that was not
 * relinked useful: when the classes asked for would share huge pages
 * with their neighbours, set HUGETLB_FORCE_ELFMAP=yes so that the aligned
 * interiors still go on huge pages, where some segment has one.  Where
 * none has, forcing moves nothing: say so, and what relinking would give
 * (tools/hugectl/relayout.h).
 */
#include "tools/hugectl/env.h"

/*
 * Plan T (an ELF program of the runtime's machine) under V over the
 * environment GET reads; add HUGETLB_FORCE_ELFMAP to V when it helps, and
 * notes.  Returns 0, or -1 when memory runs out.
 */
int ctl_plan_check(struct ctl_vars *v, const struct ctl_target *t,
		   hl_getenv_fn *get, void *ctx);

#endif

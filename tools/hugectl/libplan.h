/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_LIBPLAN_H
#define TOOLS_HUGECTL_LIBPLAN_H
/*
 * What the runtime would do with a shared library HUGELINK_LIBS names,
 * planned by its own planner (core/plan.h) as for a library, and what
 * hugectl says of it.  Where a library loads is the kernel's choice,
 * aligned only to its largest p_align, and which whole huge pages fall
 * inside its segments can change with it: the library is planned at
 * every such load address within one huge page (at most 512 of them,
 * evenly spaced), and hugectl says it moves only when it moves at each.
 * Pure.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/config.h"
#include "core/plan.h"
#include "elf/file.h"
#include "tools/hugectl/spread.h"
#include "tools/hugectl/vars.h"

enum ctl_lib_fate {
	CTL_LIB_MOVES,		/* some of it, wherever it loads */
	CTL_LIB_MAY_MOVE,	/* some of it, where it loads at some
				   addresses only */
	CTL_LIB_STAYS,		/* none of it, wherever it loads */
	CTL_LIB_REFUSED,	/* the runtime refuses its headers */
};

struct ctl_lib_verdict {
	enum ctl_lib_fate fate;
	struct hl_plan plan;	/* at the load address elf/simulate.h
				   assumes */
	struct ctl_spread spread;	/* wherever it loads */
};

/* Judge F, a shared library, under CFG with this machine's SIZES. */
void ctl_lib_judge(struct ctl_lib_verdict *out, const struct el_file *f,
		   const struct hl_config *cfg, const struct hl_sizes *sizes);

/*
 * Add a note to V of what OUT means for the library LABEL ("NAME
 * (PATH)").  LATE: the program does not load it at start.  ALL: only
 * HUGELINK_LIBS=all names it, and then, as the runtime, nothing is said
 * of a library that does not move.
 */
void ctl_lib_note(struct ctl_vars *v, const char *label,
		  const struct ctl_lib_verdict *out, bool late, bool all);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_SPREAD_H
#define TOOLS_HUGECTL_SPREAD_H
/*
 * How much of an object goes on huge pages wherever it loads.  The
 * kernel aligns a position-independent object's load address only to
 * its largest p_align, and which whole huge pages fall inside its
 * segments can change with it: the object is planned, by the runtime's
 * own planner, at every such load address within one period of its
 * largest huge page (at most 512 of them, evenly spaced).  An object
 * loaded at a fixed address has one.  Pure.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/config.h"
#include "core/plan.h"
#include "elf/file.h"

struct ctl_spread {
	uint64_t align;		/* its load address is a multiple of it */
	int tried, moved;	/* load addresses tried, and at which some
				   of it moves */
	size_t least, most;	/* huge pages moved, over those tried */
	int gained;		/* load addresses at which more moves than
				   under the configuration compared */
};

/* Plan F under CFG with this machine's SIZES at each load address
 * (LIBRARY: as a shared library), PLAN being its plan at the one
 * elf/simulate.h assumes, into OUT; with BASE, not NULL, also under
 * BASE at each, for OUT->gained. */
void ctl_spread(struct ctl_spread *out, const struct el_file *f,
		const struct hl_config *cfg, const struct hl_sizes *sizes,
		const struct hl_plan *plan, bool library,
		const struct hl_config *base);

#endif

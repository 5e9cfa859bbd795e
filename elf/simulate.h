/* SPDX-License-Identifier: MIT */
#ifndef ELF_SIMULATE_H
#define ELF_SIMULATE_H
/*
 * What the runtime would do with a program, worked out ahead of time by
 * the runtime's own planner (core/plan.h).  Only the load bias has to
 * be guessed: 0 for ET_EXEC; for ET_DYN the largest PT_LOAD p_align,
 * the alignment the kernel and ld.so guarantee.
 */
#include <stdbool.h>
#include <stdint.h>

#include "core/config.h"
#include "core/plan.h"
#include "elf/file.h"

/* Page counts per page size over a plan's remapped segments. */
struct el_pages {
	size_t page[HL_MAX_SIZES];
	size_t count[HL_MAX_SIZES];
	int n;
};

/* The load bias F is assumed to get, never less than the base page. */
uintptr_t el_sim_bias(const struct el_file *f, const struct hl_sizes *sizes);

/*
 * Plan for F under CFG as the runtime would.  When CFG is invalid or
 * HUGETLB_RESTRICT_EXE leaves the program out, the runtime remaps
 * nothing, so the plan is built with HUGETLB_ELFMAP=no and every
 * segment says HL_WHY_DISABLED.  Returns hl_plan_build's result.
 */
int el_sim_plan(struct hl_plan *plan, const struct hl_config *cfg,
		const struct hl_sizes *sizes, const struct el_file *f);

/*
 * The same for F loaded as a shared library, whose ranges stay inside
 * its own mapping (hl_plan_build_object).
 */
int el_sim_plan_library(struct hl_plan *plan, const struct hl_config *cfg,
			const struct hl_sizes *sizes, const struct el_file *f);

/* The hot text F's note names (elf/hotnote.h), at its link-time
 * addresses; not ordered where it names none. */
void el_sim_hot(const struct el_file *f, struct hl_hot *hot);

/*
 * F's plan under CFG, as the runtime makes it, at the load bias BIAS,
 * with HOT, from el_sim_hot, moved by BIAS; a LIBRARY's ranges stay
 * inside it.  Not gated (el_sim_gated): CFG is taken as it is.  Returns
 * hl_plan_build's result.
 */
int el_sim_plan_at(struct hl_plan *plan, const struct hl_config *cfg,
		   const struct hl_sizes *sizes, const struct el_file *f,
		   uintptr_t bias, bool library, const struct hl_hot *hot);

/* True when the runtime would leave F alone whatever its segments are. */
bool el_sim_gated(const struct hl_config *cfg);

/*
 * True when F was relinked for huge pages: planned with both classes on
 * default-size pages, no segment would share a huge page with another or
 * lie misaligned.  False too when the machine has no huge pages.
 */
bool el_sim_relinked(const struct el_file *f, const struct hl_sizes *sizes);

/* Count the pages PLAN maps, per page size, into P. */
void el_sim_pages(const struct hl_plan *plan, struct el_pages *p);

/* The number of segments PLAN puts, wholly or partly, on huge pages. */
int el_sim_remapped(const struct hl_plan *plan);

#endif

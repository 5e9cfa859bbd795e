/* SPDX-License-Identifier: MIT */
/*
 * What hugectl tells the user about the plan, and the one decision it
 * takes from it (HUGETLB_FORCE_ELFMAP).  The plan itself is the
 * runtime's (elf/simulate.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/size.h"
#include "elf/simulate.h"
#include "tools/hugectl/config.h"
#include "tools/hugectl/plan.h"
#include "tools/hugectl/planseg.h"
#include "tools/hugectl/relayout.h"
#include "tools/hugectl/spread.h"
#include "tools/hugectl/words.h"

#define RELINK_HINT "relink it with -Wl,--hugetlbfs-align"

static bool shares_pages(const struct hl_plan *plan)
{
	for (int i = 0; i < plan->nseg; i++)
		if (plan->seg[i].why == HL_WHY_SHARES_PAGE)
			return true;
	return false;
}

/* Whether every segment of PLAN that stays on base pages shares a huge
 * page with a neighbour (what hugectl can do something about). */
static bool left_only_sharing(const struct hl_plan *plan)
{
	for (int i = 0; i < plan->nseg; i++)
		if (!plan->seg[i].remap && hl_seg_asked(&plan->seg[i]) &&
		    plan->seg[i].why != HL_WHY_SHARES_PAGE)
			return false;
	return true;
}

/*
 * Why segment S stays on base pages; FORCED, when not NULL, is the plan
 * with HUGETLB_FORCE_ELFMAP=yes, which a segment that shares a huge page
 * is told to set only where it would move that segment.
 */
static void note_left(struct ctl_vars *v, const struct hl_seg *s,
		      const struct hl_plan *forced)
{
	const struct hl_seg *f = NULL;

	for (int i = 0; forced && i < forced->nseg; i++)
		if (forced->seg[i].phdr == s->phdr)
			f = &forced->seg[i];
	if (s->why == HL_WHY_SHARES_PAGE && f && !f->remap)
		ctl_note(v, HL_V_INFO, "segment %d: base pages (shares a huge "
			 "page with another segment; HUGETLB_FORCE_ELFMAP=yes "
			 "would not help: %s)", s->phdr, hl_why_text(f->why));
	else
		ctl_note(v, HL_V_INFO, "segment %d: base pages (%s)", s->phdr,
			 hl_why_text(s->why));
}

/*
 * Say where each segment of PLAN for T goes: a range as the file gives
 * it, which for a position-independent program is its distance from
 * the load address (the plan is made at an assumed one: elf/simulate.h).
 */
static void note_segments(struct ctl_vars *v, const struct ctl_target *t,
			  const struct hl_plan *plan,
			  const struct hl_plan *forced)
{
	uintptr_t bias = el_sim_bias(t->elf, t->sizes);
	char size[32];

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (s->remap)
			ctl_note(v, HL_V_INFO, "segment %d: 0x%lx-0x%lx%s on "
				 "%s pages (%s)", s->phdr,
				 (unsigned long)(s->map_start - bias),
				 (unsigned long)(s->map_end - bias),
				 bias ? " past the load address" : "",
				 hl_format_size(s->page, size, sizeof(size)),
				 hl_why_text(s->why));
		else
			note_left(v, s, forced);
	}
}

/* Say what happens when nothing the user asked for goes on huge pages. */
static void note_nothing(struct ctl_vars *v, const struct ctl_target *t,
			 const struct hl_config *cfg,
			 const struct hl_plan *plan)
{
	char why[CTL_REFUSALS_LEN];
	int n = ctl_refusals_text(plan, why, sizeof(why));

	if (cfg->elfmap == HL_ELFMAP_NO)
		return;
	if (cfg->libs[0]) {
		ctl_note(v, HL_V_WARN, "%s itself stays on base pages (%s)",
			 t->path, n ? why : "none of its segments asked for");
		return;
	}
	if (!n)
		ctl_note(v, HL_V_WARN, "nothing of %s goes on huge pages: no "
			 "segment is flagged for them (see hugeedit) and none "
			 "of --text, --data or --bss is given", t->path);
	else if (left_only_sharing(plan))
		ctl_note(v, HL_V_WARN, "nothing of %s goes on huge pages: its "
			 "flagged segments share huge pages with their "
			 "neighbours; give --text or --data to put their "
			 "aligned interiors there, or " RELINK_HINT, t->path);
	else
		ctl_note(v, HL_V_WARN, "nothing of %s goes on huge pages: %s",
			 t->path, why);
}

/* Whether FORCED moves a segment PLAN leaves. */
static bool forcing_gains(const struct hl_plan *plan,
			  const struct hl_plan *forced)
{
	for (int i = 0; i < forced->nseg; i++) {
		bool before = false;

		for (int j = 0; j < plan->nseg; j++)
			if (plan->seg[j].phdr == forced->seg[i].phdr)
				before = plan->seg[j].remap;
		if (forced->seg[i].remap && !before)
			return true;
	}
	return false;
}

/*
 * Plan T again with HUGETLB_FORCE_ELFMAP=yes into FORCED, and at every
 * load address it may have into SPREAD (spread.h), leaving the variable
 * set in V when KEEP and that moves a segment PLAN (made under UNFORCED)
 * leaves at the load address assumed (elf/simulate.h), or moves more
 * than UNFORCED does at half the load addresses or more.  Returns 1 when
 * it does, 0 when it moves no more, -1 when memory runs out.
 */
static int plan_forced(struct ctl_vars *v, const struct ctl_target *t,
		       const struct hl_config *unforced,
		       const struct hl_plan *plan, struct hl_plan *forced,
		       struct ctl_spread *spread, bool keep,
		       hl_getenv_fn *get, void *ctx)
{
	struct hl_config cfg;
	int gains = 0;

	*spread = (struct ctl_spread){ 0 };
	if (ctl_set(v, "HUGETLB_FORCE_ELFMAP", "yes"))
		return -1;
	ctl_config_read(&cfg, v, t->path, get, ctx);
	if (!el_sim_plan(forced, &cfg, t->sizes, t->elf)) {
		ctl_spread(spread, t->elf, &cfg, t->sizes, forced, false,
			   unforced);
		gains = forcing_gains(plan, forced) ||
			(spread->tried && spread->gained * 2 >= spread->tried);
	}
	if (!keep || !gains)
		ctl_unset(v, "HUGETLB_FORCE_ELFMAP");
	return gains;
}

/*
 * Plan T under CFG as relinking with -Wl,--hugetlbfs-align would lay it
 * out (relayout.h).  Returns 0, or -1 when that cannot be told.
 */
static int plan_relinked(struct hl_plan *plan, const struct hl_config *cfg,
			 const struct ctl_target *t)
{
	size_t n = t->elf->eh.phnum;
	struct hl_phdr *ph = calloc(n ? n : 1, sizeof(*ph));
	int rc = -1;

	if (ph && t->sizes->def &&
	    !ctl_relayout(t->elf->ph, n, t->sizes->def, ph))
		rc = hl_plan_build(plan, cfg, t->sizes, ph, n, 0);
	free(ph);
	return rc;
}

/*
 * The segments asked for share huge pages with their neighbours, and
 * the huge pages inside them would be none (FORCED): forcing cannot
 * help.  Say so, with the largest segment's size, and what relinking
 * would give, worked out as for a relinked layout.
 */
static void note_too_small(struct ctl_vars *v, const struct ctl_target *t,
			   const struct hl_config *cfg,
			   const struct hl_plan *forced)
{
	const struct hl_seg *big = ctl_largest_asked(forced);
	char where[160], page[32], bytes[32], pages[160];
	char left[CTL_REFUSALS_LEN];
	struct hl_plan relinked;

	snprintf(where, sizeof(where), "none of its segments holds a whole "
		 "%s page where it lies (the largest, segment %d, is %s)",
		 hl_format_size(big ? big->page : t->sizes->def, page,
				sizeof(page)), big ? big->phdr : 0,
		 ctl_bytes_text(big ? big->end - big->start : 0, bytes,
				sizeof(bytes)));
	if (plan_relinked(&relinked, cfg, t)) {
		ctl_note(v, HL_V_WARN, "%s was not relinked for huge pages, "
			 "and %s: nothing goes on huge pages, and "
			 "HUGETLB_FORCE_ELFMAP would not change that; "
			 RELINK_HINT, t->path, where);
	} else if (el_sim_remapped(&relinked)) {
		ctl_pages_text(&relinked, pages, sizeof(pages));
		ctl_note(v, HL_V_WARN, "%s was not relinked for huge pages, "
			 "and %s: nothing goes on huge pages, and "
			 "HUGETLB_FORCE_ELFMAP would not change that; "
			 RELINK_HINT ", which gives it %s", t->path, where,
			 pages);
	} else {
		if (!ctl_refusals_text(&relinked, left, sizeof(left)))
			snprintf(left, sizeof(left), "none asked for");
		ctl_note(v, HL_V_WARN, "nothing of %s can go on huge pages, "
			 "relinked or not: %s, and laid out for huge pages "
			 "(-Wl,--hugetlbfs-align) it would stay on base pages: "
			 "%s", t->path, where, left);
	}
}

/*
 * Say that HUGETLB_FORCE_ELFMAP=yes, which V now sets, moves FORCED at
 * the load address assumed, and, where the load address decides, as
 * much as SPREAD found over all of them.
 */
static void note_forced(struct ctl_vars *v, const struct ctl_target *t,
			const struct hl_plan *forced,
			const struct ctl_spread *spread)
{
	char pages[160], none[80] = "", size[32];
	int n = el_sim_remapped(forced);

	ctl_pages_text(forced, pages, sizeof(pages));
	hl_format_size(t->sizes->def, size, sizeof(size));
	if (spread->moved < spread->tried)
		snprintf(none, sizeof(none), " (none at %d of the %d load "
			 "addresses tried)", spread->tried - spread->moved,
			 spread->tried);
	if (spread->tried > 1 && spread->least != spread->most)
		ctl_note(v, HL_V_WARN, "%s was not relinked for huge pages: "
			 "its segments share huge pages with their "
			 "neighbours. hugectl sets HUGETLB_FORCE_ELFMAP=yes, "
			 "which puts the aligned interiors of its segments on "
			 "huge pages: %zu to %zu pages of %s, as where it "
			 "loads decides%s; " RELINK_HINT " to put all of each "
			 "segment there", t->path, spread->least, spread->most,
			 size, none);
	else
		ctl_note(v, HL_V_WARN, "%s was not relinked for huge pages: "
			 "its segments share huge pages with their "
			 "neighbours. hugectl sets HUGETLB_FORCE_ELFMAP=yes, "
			 "which puts the aligned interior of %d segment%s on "
			 "huge pages (%s); " RELINK_HINT " to put all of them "
			 "there", t->path, n, n == 1 ? "" : "s", pages);
}

/*
 * PLAN, under CFG, has segments that share huge pages with their
 * neighbours.  When HUGETLB_ELFMAP names classes and the user did not
 * force, force them where that moves something; else say what would.
 */
static int check_shared(struct ctl_vars *v, const struct ctl_target *t,
			const struct hl_config *cfg, const struct hl_plan *plan,
			hl_getenv_fn *get, void *ctx)
{
	bool keep = cfg->elfmap == HL_ELFMAP_SET;
	struct hl_plan forced;
	struct ctl_spread spread;
	int gains = plan_forced(v, t, cfg, plan, &forced, &spread, keep, get,
				ctx);

	if (gains < 0)
		return -1;
	if (gains && keep) {
		note_forced(v, t, &forced, &spread);
		note_segments(v, t, &forced, NULL);
		return 0;
	}
	if (!gains && !el_sim_remapped(plan))
		note_too_small(v, t, cfg, &forced);
	else if (!el_sim_remapped(plan))
		note_nothing(v, t, cfg, plan);
	note_segments(v, t, plan, &forced);
	return 0;
}

static void note_gate(struct ctl_vars *v, const struct ctl_target *t,
		      const struct hl_config *cfg)
{
	if (cfg->error[0])
		ctl_note(v, HL_V_WARN, "%s: the runtime will put nothing on "
			 "huge pages", cfg->error);
	else if (cfg->restricted)
		ctl_note(v, HL_V_WARN, "HUGETLB_RESTRICT_EXE does not name %s: "
			 "the runtime will leave it alone",
			 hl_base_name(t->path));
}

int ctl_plan_check(struct ctl_vars *v, const struct ctl_target *t,
		   hl_getenv_fn *get, void *ctx)
{
	struct hl_config cfg;
	struct hl_plan plan;
	char have[96];

	if (!t->link->dynamic && !el_embeds(t->link))
		return 0;
	ctl_config_read(&cfg, v, t->path, get, ctx);
	if (cfg.note[0])
		ctl_note(v, HL_V_WARN, "%s%s%s", cfg.note, cfg.note_size ?
			 "; this machine has " : "", cfg.note_size ?
			 hl_sizes_text(t->sizes, have, sizeof(have)) : "");
	if (el_sim_gated(&cfg)) {
		note_gate(v, t, &cfg);
		return 0;
	}
	if (el_sim_plan(&plan, &cfg, t->sizes, t->elf)) {
		ctl_note(v, HL_V_WARN, "%s: the runtime will refuse its "
			 "program headers: %s", t->path, plan.error);
		return 0;
	}
	if (!cfg.force && shares_pages(&plan))
		return check_shared(v, t, &cfg, &plan, get, ctx);
	if (!el_sim_remapped(&plan))
		note_nothing(v, t, &cfg, &plan);
	note_segments(v, t, &plan, NULL);
	return 0;
}

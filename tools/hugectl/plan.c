/* SPDX-License-Identifier: MIT */
/*
 * What hugectl tells the user about the plan, and the one decision it
 * takes from it (HUGETLB_FORCE_ELFMAP).  The plan itself is the
 * runtime's (elf/simulate.h).
 */
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "elf/simulate.h"
#include "tools/hugectl/plan.h"

#define RELINK_HINT "relink it with -Wl,--hugetlbfs-align"

/* The variables hugectl sets, over the environment it inherits. */
struct overlay {
	const struct ctl_vars *v;
	hl_getenv_fn *get;
	void *ctx;
};

static const char *overlay_get(const char *name, void *ctx)
{
	const struct overlay *o = ctx;
	const char *value = ctl_get(o->v, name);

	return value ? value : o->get(name, o->ctx);
}

static void read_config(struct hl_config *cfg, const struct ctl_vars *v,
			const struct ctl_target *t, hl_getenv_fn *get,
			void *ctx)
{
	struct overlay o = { v, get, ctx };

	hl_config_read(cfg, overlay_get, &o, false, t->path);
}

/* "3 pages of 2M and 1 page of 1G" */
static void pages_text(const struct hl_plan *plan, char *buf, size_t len)
{
	struct el_pages p;
	char size[32];
	size_t used = 0;

	el_sim_pages(plan, &p);
	buf[0] = '\0';
	for (int k = 0; k < p.n && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used,
				 "%s%zu page%s of %s",
				 k ? " and " : "", p.count[k],
				 p.count[k] == 1 ? "" : "s",
				 hl_format_size(p.page[k], size, sizeof(size)));
}

static bool shares_pages(const struct hl_plan *plan)
{
	for (int i = 0; i < plan->nseg; i++)
		if (plan->seg[i].why == HL_WHY_SHARES_PAGE)
			return true;
	return false;
}

/* The first reason a segment that was asked for stays on base pages. */
static const struct hl_seg *first_refusal(const struct hl_plan *plan)
{
	for (int i = 0; i < plan->nseg; i++) {
		enum hl_why w = plan->seg[i].why;

		if (!plan->seg[i].remap && w != HL_WHY_NOT_ASKED &&
		    w != HL_WHY_DISABLED)
			return &plan->seg[i];
	}
	return NULL;
}

static void note_segments(struct ctl_vars *v, const struct hl_plan *plan)
{
	char size[32];

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (s->remap)
			ctl_note(v, HL_V_INFO, "segment %d: 0x%lx-0x%lx on "
				 "%s pages (%s)", s->phdr,
				 (unsigned long)s->map_start,
				 (unsigned long)s->map_end,
				 hl_format_size(s->page, size, sizeof(size)),
				 hl_why_text(s->why));
		else
			ctl_note(v, HL_V_INFO, "segment %d: base pages (%s)",
				 s->phdr, hl_why_text(s->why));
	}
}

/* Say what happens when nothing the user asked for goes on huge pages. */
static void note_nothing(struct ctl_vars *v, const struct ctl_target *t,
			 const struct hl_config *cfg,
			 const struct hl_plan *plan)
{
	const struct hl_seg *s = first_refusal(plan);

	if (cfg->elfmap == HL_ELFMAP_NO)
		return;
	if (cfg->libs[0]) {
		ctl_note(v, HL_V_WARN, "%s itself stays on base pages (segment "
			 "%d: %s); the libraries HUGELINK_LIBS names (%s) move "
			 "as they load", t->path, s ? s->phdr : 0,
			 s ? hl_why_text(s->why) : "none asked for", cfg->libs);
		return;
	}
	if (!s)
		ctl_note(v, HL_V_WARN, "nothing of %s goes on huge pages: no "
			 "segment is flagged for them (see hugeedit) and none "
			 "of --text, --data or --bss is given", t->path);
	else if (s->why == HL_WHY_SHARES_PAGE)
		ctl_note(v, HL_V_WARN, "nothing of %s goes on huge pages: its "
			 "flagged segments share huge pages with their "
			 "neighbours; give --text or --data to put their "
			 "aligned interiors there, or " RELINK_HINT, t->path);
	else
		ctl_note(v, HL_V_WARN, "nothing of %s goes on huge pages: "
			 "segment %d: %s", t->path, s->phdr,
			 hl_why_text(s->why));
}

/*
 * Plan again with HUGETLB_FORCE_ELFMAP=yes and keep it only if some
 * segment then goes on huge pages.
 */
static int try_force(struct ctl_vars *v, const struct ctl_target *t,
		     struct hl_config *cfg, struct hl_plan *plan,
		     hl_getenv_fn *get, void *ctx)
{
	char pages[160];

	if (ctl_set(v, "HUGETLB_FORCE_ELFMAP", "yes"))
		return -1;
	read_config(cfg, v, t, get, ctx);
	if (el_sim_plan(plan, cfg, t->sizes, t->elf) ||
	    !el_sim_remapped(plan)) {
		ctl_unset(v, "HUGETLB_FORCE_ELFMAP");
		ctl_note(v, HL_V_WARN, "%s was not relinked for huge pages and "
			 "none of its segments holds a whole huge page: "
			 "nothing goes on huge pages; " RELINK_HINT, t->path);
		read_config(cfg, v, t, get, ctx);
		el_sim_plan(plan, cfg, t->sizes, t->elf);
		return 0;
	}
	pages_text(plan, pages, sizeof(pages));
	ctl_note(v, HL_V_WARN, "%s was not relinked for huge pages: its "
		 "segments share huge pages with their neighbours. Setting "
		 "HUGETLB_FORCE_ELFMAP=yes puts the aligned interior of %d "
		 "segment%s on huge pages (%s); " RELINK_HINT " to put all of "
		 "them there", t->path, el_sim_remapped(plan),
		 el_sim_remapped(plan) == 1 ? "" : "s", pages);
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
	read_config(&cfg, v, t, get, ctx);
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
	if (cfg.elfmap == HL_ELFMAP_SET && !cfg.force && shares_pages(&plan)) {
		if (try_force(v, t, &cfg, &plan, get, ctx))
			return -1;
	} else if (!el_sim_remapped(&plan)) {
		note_nothing(v, t, &cfg, &plan);
	}
	note_segments(v, &plan);
	return 0;
}

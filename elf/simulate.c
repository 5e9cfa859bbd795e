/* SPDX-License-Identifier: MIT */
/*
 * Running the runtime's planner ahead of time.  Nothing here decides
 * what goes on huge pages: hl_plan_build does, as it does in the runtime.
 */
#include <string.h>

#include "elf/hotnote.h"
#include "elf/simulate.h"

uintptr_t el_sim_bias(const struct el_file *f, const struct hl_sizes *sizes)
{
	uint64_t align = sizes->base;

	if (f->eh.type != ET_DYN)
		return 0;
	for (size_t i = el_next_load(f, 0); i < f->eh.phnum;
	     i = el_next_load(f, i + 1))
		if (f->ph[i].align > align)
			align = f->ph[i].align;
	return (uintptr_t)align;
}

bool el_sim_gated(const struct hl_config *cfg)
{
	return cfg->error[0] || cfg->restricted || cfg->secure;
}

void el_sim_hot(const struct el_file *f, struct hl_hot *hot)
{
	uint64_t start, len;

	*hot = (struct hl_hot){ .ordered = false };
	if (el_hot_note(f, &start, &len) >= 0 && len)
		*hot = (struct hl_hot){ true, (uintptr_t)start,
					(uintptr_t)(start + len) };
}

int el_sim_plan_at(struct hl_plan *plan, const struct hl_config *cfg,
		   const struct hl_sizes *sizes, const struct el_file *f,
		   uintptr_t bias, bool library, const struct hl_hot *hot)
{
	struct hl_hot at = *hot;

	if (hl_plan_build_object(plan, cfg, sizes, f->ph, f->eh.phnum, bias,
		library ? hl_phdrs_end(f->ph, f->eh.phnum, bias,
				       sizes->base) : 0))
		return -1;
	if (at.ordered) {
		at.start += bias;
		at.end += bias;
	}
	hl_plan_text(plan, cfg, &at);
	return 0;
}

/* Plan F at its assumed bias; a LIBRARY's ranges stay inside it. */
static int plan_at(struct hl_plan *plan, const struct hl_config *cfg,
		   const struct hl_sizes *sizes, const struct el_file *f,
		   bool library)
{
	struct hl_config off;
	struct hl_hot hot;

	if (el_sim_gated(cfg)) {
		off = *cfg;
		off.elfmap = HL_ELFMAP_NO;
		cfg = &off;
	}
	el_sim_hot(f, &hot);
	return el_sim_plan_at(plan, cfg, sizes, f, el_sim_bias(f, sizes),
			      library, &hot);
}

int el_sim_plan(struct hl_plan *plan, const struct hl_config *cfg,
		const struct hl_sizes *sizes, const struct el_file *f)
{
	return plan_at(plan, cfg, sizes, f, false);
}

int el_sim_plan_library(struct hl_plan *plan, const struct hl_config *cfg,
			const struct hl_sizes *sizes, const struct el_file *f)
{
	return plan_at(plan, cfg, sizes, f, true);
}

bool el_sim_relinked(const struct el_file *f, const struct hl_sizes *sizes)
{
	return hl_phdrs_relinked(sizes, f->ph, f->eh.phnum,
				 el_sim_bias(f, sizes));
}

void el_sim_pages(const struct hl_plan *plan, struct el_pages *p)
{
	int k;

	memset(p, 0, sizeof(*p));
	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (!s->remap)
			continue;
		for (k = 0; k < p->n && p->page[k] != s->page; k++)
			;
		if (k == p->n && p->n == HL_MAX_SIZES)
			continue;
		if (k == p->n)
			p->page[p->n++] = s->page;
		p->count[k] += hl_seg_pages(s);
	}
}

int el_sim_remapped(const struct hl_plan *plan)
{
	int n = 0;

	for (int i = 0; i < plan->nseg; i++)
		n += plan->seg[i].remap;
	return n;
}

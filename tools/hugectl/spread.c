/* SPDX-License-Identifier: MIT */
/*
 * How much of an object goes on huge pages wherever it loads: see
 * spread.h.
 */
#include "elf/simulate.h"
#include "tools/hugectl/spread.h"

#define MAX_TRIED 512

/* The huge pages PLAN moves, of any size. */
static size_t pages_of(const struct hl_plan *plan)
{
	size_t n = 0;

	for (int i = 0; i < plan->nseg; i++)
		n += hl_seg_pages(&plan->seg[i]);
	return n;
}

/* The largest page size PLAN asks for: the period of its fit. */
static size_t period_of(const struct hl_plan *plan,
			const struct hl_sizes *sizes)
{
	size_t page = sizes->def;

	for (int i = 0; i < plan->nseg; i++)
		if (plan->seg[i].page > page)
			page = plan->seg[i].page;
	return page;
}

void ctl_spread(struct ctl_spread *out, const struct el_file *f,
		const struct hl_config *cfg, const struct hl_sizes *sizes,
		const struct hl_plan *plan, bool library,
		const struct hl_config *base)
{
	uint64_t period = period_of(plan, sizes), step;
	struct hl_hot hot;
	struct hl_plan p;

	*out = (struct ctl_spread){ .align = el_sim_bias(f, sizes),
				    .least = SIZE_MAX };
	step = out->align;
	if (step && period / step > MAX_TRIED)
		step = period / MAX_TRIED;
	el_sim_hot(f, &hot);
	for (uint64_t off = 0;; off += step) {
		uintptr_t bias = (uintptr_t)(out->align + off);
		size_t n;

		if (!el_sim_plan_at(&p, cfg, sizes, f, bias, library, &hot)) {
			n = pages_of(&p);
			out->tried++;
			out->moved += n > 0;
			out->least = n < out->least ? n : out->least;
			out->most = n > out->most ? n : out->most;
			if (base && !el_sim_plan_at(&p, base, sizes, f, bias,
						    library, &hot))
				out->gained += n > pages_of(&p);
		}
		/* A fixed address (no alignment) is the one tried. */
		if (!step || off + step >= period)
			break;
	}
	if (!out->tried)
		out->least = 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * A library's fate: see libplan.h.
 */
#include <stdio.h>

#include "core/size.h"
#include "elf/simulate.h"
#include "tools/hugectl/libplan.h"
#include "tools/hugectl/planseg.h"
#include "tools/hugectl/spread.h"
#include "tools/hugectl/words.h"

void ctl_lib_judge(struct ctl_lib_verdict *out, const struct el_file *f,
		   const struct hl_config *cfg, const struct hl_sizes *sizes)
{
	struct ctl_spread *sp = &out->spread;

	*out = (struct ctl_lib_verdict){ .fate = CTL_LIB_REFUSED };
	if (f->eh.type != ET_DYN) {
		snprintf(out->plan.error, sizeof(out->plan.error), "they are "
			 "not a shared object's (ELF type %u), and the "
			 "dynamic loader loads no other", (unsigned)f->eh.type);
		return;
	}
	if (el_sim_plan_library(&out->plan, cfg, sizes, f))
		return;
	ctl_spread(sp, f, cfg, sizes, &out->plan, true, NULL);
	if (!sp->tried || sp->moved == sp->tried)
		out->fate = el_sim_remapped(&out->plan) ? CTL_LIB_MOVES :
			    CTL_LIB_STAYS;
	else
		out->fate = sp->moved ? CTL_LIB_MAY_MOVE : CTL_LIB_STAYS;
}

/* Why nothing of the library moves wherever it loads, into BUF. */
static void why_stays(const struct ctl_lib_verdict *out, char *buf,
		      size_t len)
{
	const struct hl_seg *big = ctl_largest_asked(&out->plan);
	char page[32], bytes[32];

	if (!big)
		snprintf(buf, len, "HUGETLB_ELFMAP asks for none of its "
			 "segments");
	else if (big->end - big->start < big->page)
		snprintf(buf, len, "none of its segments spans a whole %s "
			 "page (the largest, segment %d, is %s)",
			 hl_format_size(big->page, page, sizeof(page)),
			 big->phdr, ctl_bytes_text(big->end - big->start,
						   bytes, sizeof(bytes)));
	else if (!ctl_refusals_text(&out->plan, buf, len))
		snprintf(buf, len, "segment %d: %s", big->phdr,
			 hl_why_text(big->why));
}

/* What the library's fate is, as the end of a sentence, into BUF. */
static void fate_text(const struct ctl_lib_verdict *out, char *buf,
		      size_t len)
{
	char pages[160], align[32], why[CTL_REFUSALS_LEN];
	int n = el_sim_remapped(&out->plan);

	ctl_pages_text(&out->plan, pages, sizeof(pages));
	hl_format_size(out->spread.align, align, sizeof(align));
	switch (out->fate) {
	case CTL_LIB_MOVES:
		if (out->spread.least == out->spread.most)
			snprintf(buf, len, "moves %d segment%s to huge pages "
				 "(%s)", n, n == 1 ? "" : "s", pages);
		else
			snprintf(buf, len, "moves %d segment%s to huge pages "
				 "(%zu to %zu pages, as where it loads "
				 "decides)", n, n == 1 ? "" : "s", out->spread.least,
				 out->spread.most);
		break;
	case CTL_LIB_MAY_MOVE:
		snprintf(buf, len, "may stay on base pages: it loads at an "
			 "address aligned to %s only, and at %d of the %d such "
			 "addresses tried nothing of it would move", align,
			 out->spread.tried - out->spread.moved, out->spread.tried);
		break;
	case CTL_LIB_STAYS:
		why_stays(out, why, sizeof(why));
		snprintf(buf, len, "stays on base pages: %s", why);
		break;
	case CTL_LIB_REFUSED:
		snprintf(buf, len, "stays on base pages: the runtime will "
			 "refuse its program headers: %s", out->plan.error);
		break;
	}
}

void ctl_lib_note(struct ctl_vars *v, const char *label,
		  const struct ctl_lib_verdict *out, bool late, bool all)
{
	char fate[CTL_REFUSALS_LEN + 100];

	if (all && out->fate != CTL_LIB_MOVES)
		return;
	fate_text(out, fate, sizeof(fate));
	if (late)
		ctl_note(v, HL_V_WARN, "%s is not loaded at start; if the "
			 "program loads it later (dlopen), the runtime looks "
			 "at it once a relinked library is loaded after it, "
			 "and it then %s", label, fate);
	else
		ctl_note(v, out->fate == CTL_LIB_MOVES ? HL_V_INFO : HL_V_WARN,
			 "%s %s", label, fate);
}

/* SPDX-License-Identifier: MIT */
/*
 * The report as text: a few lines about the program, one row per
 * PT_LOAD, what would back each segment put on huge pages, then the
 * pages needed per page size and whether they can be had now.  Addresses are
 * the file's, without the load bias.
 */
#include <elf.h>
#include <limits.h>
#include <string.h>

#include "core/config.h"
#include "core/size.h"
#include "elf/simulate.h"
#include "tools/common/escape.h"
#include "tools/inspect/print.h"
#include "tools/inspect/segrow.h"

static void print_config(FILE *out, const struct inspect_report *r)
{
	char text[TL_ESCAPED_LEN(sizeof(r->cfg.error))];

	if (r->cfg.error[0])
		fprintf(out, "environment: invalid: %s: the runtime would "
			"remap nothing\n",
			tl_escape(r->cfg.error, text, sizeof(text)));
	else if (r->cfg.restricted)
		fprintf(out, "environment: HUGETLB_RESTRICT_EXE does not name "
			"this program: the runtime would leave it alone\n");
	else if (r->cfg.elfmap == HL_ELFMAP_UNSET)
		fprintf(out, "environment: HUGETLB_ELFMAP unset: segments "
			"flagged PF_LINUX_HUGETLB (H) go on huge pages\n");
	else
		fprintf(out, "environment: HUGETLB_ELFMAP=%s%s\n",
			tl_escape(r->elfmap ? r->elfmap : "", text,
				  sizeof(text)),
			r->cfg.force ? ", HUGETLB_FORCE_ELFMAP=yes" : "");
	if (r->cfg.text == HL_TEXT_HOT)
		fprintf(out, "text: HUGELINK_TEXT=hot: only the hot text an "
			"order recorded\n");
	if (r->cfg.text_budget)
		fprintf(out, "text: HUGELINK_TEXT_BUDGET=%zu: at most %zu huge "
			"pages of text\n", r->cfg.text_budget,
			r->cfg.text_budget);
}

static void print_header(FILE *out, const struct inspect_report *r)
{
	char size[32], path[TL_ESCAPED_LEN(PATH_MAX)];

	bool library = el_is_library(r->elf, &r->link);

	fprintf(out, "%s: %s (ELF%d, %s)\n", library ? "library" : "program",
		tl_escape(r->path, path, sizeof(path)),
		r->elf->eh.cls == ELFCLASS32 ? 32 : 64,
		r->elf->eh.type == ET_DYN ? "position-independent" :
		"fixed addresses");
	fprintf(out, "runtime: %s\n", inspect_runtime_text(r->runtime));
	fprintf(out, "relinked for huge pages: %s\n", r->relinked ?
		"yes (each segment has its huge pages to itself)" :
		"no (segments would share huge pages with their neighbours)");
	if (r->elf->eh.type == ET_DYN)
		fprintf(out, "load bias assumed: 0x%lx (the largest p_align); "
			"addresses below are the file's\n",
			(unsigned long)r->bias);
	print_config(out, r);
	if (!r->sizes.navail)
		fprintf(out, "huge page sizes: none: this kernel offers no "
			"huge pages\n");
	else
		fprintf(out, "default huge page size: %s\n",
			hl_format_size(r->sizes.def, size, sizeof(size)));
}

static void print_seg(FILE *out, const struct inspect_report *r,
		      const struct hl_seg *s)
{
	const struct hl_phdr *p = &r->elf->ph[s->phdr];
	size_t page = inspect_seg_page(r, s);
	char sz[32], al[32], pg[32], fit[48], placement[64];
	struct inspect_seg_row row = {
		.indent = "", .seg = s, .ph = p, .size = sz, .fit = fit,
		.placement = placement, .action_width = 34,
	};

	inspect_human(p->memsz, sz, sizeof(sz));
	snprintf(fit, sizeof(fit), "%8s  %-7s",
		 inspect_human(p->align, al, sizeof(al)),
		 page && p->vaddr % page == 0 ?
		 hl_format_size(page, pg, sizeof(pg)) : "no");
	snprintf(placement, sizeof(placement), " at 0x%lx-0x%lx",
		 (unsigned long)(s->map_start - r->bias),
		 (unsigned long)(s->map_end - r->bias));
	inspect_print_seg_row(out, &row);
}

/* What would back each segment put on huge pages, and why when it is
 * not the first choice. */
static void print_backings(FILE *out, const struct inspect_report *r)
{
	char why[400];

	if (!el_sim_remapped(&r->plan))
		return;
	fprintf(out, "backing (HUGELINK_BACKING=%s):\n",
		hl_config_backing_name(r->cfg.backing));
	for (int i = 0; i < r->plan.nseg; i++) {
		const struct hl_seg *s = &r->plan.seg[i];

		if (!s->remap)
			continue;
		inspect_backing_why(r, i, why, sizeof(why));
		fprintf(out, "%4d  %s%s%s%s\n", s->phdr,
			hl_backing_name(r->backing[i].backing),
			why[0] ? ": " : "", why,
			inspect_page_cache_first(r, s) ? " (where the page "
			"cache, tried first, does not serve it: see below)" :
			"");
	}
}

static void print_pools(FILE *out, const struct inspect_report *r)
{
	char size[32], mount[TL_ESCAPED_LEN(sizeof(r->size[0].mount))];
	char limit[TL_ESCAPED_LEN(sizeof(r->size[0].cgroup))];

	for (int i = 0; i < r->nsize; i++) {
		const struct inspect_size *s = &r->size[i];

		fprintf(out, "%s pages: %zu needed; pool: ",
			hl_format_size(s->page, size, sizeof(size)), s->needed);
		if (s->pool.known && s->pool.resv_wrapped)
			fprintf(out, "%ld free, reserved unknown (the kernel's "
				"count went below zero), %ld more by "
				"overcommit", s->pool.free,
				mach_pool_headroom(&s->pool));
		else if (s->pool.known)
			fprintf(out, "%ld free, %ld reserved, %ld more by "
				"overcommit", s->pool.free, s->pool.resv,
				mach_pool_headroom(&s->pool));
		else
			fprintf(out, "unreadable");
		if (s->cgroup_room >= 0)
			fprintf(out, "; the hugetlb cgroup allows %ld (%s)",
				s->cgroup_room,
				tl_escape(s->cgroup, limit, sizeof(limit)));
		fprintf(out, "; mount: %s%s; can serve now: %s\n",
			s->have_mount ?
			tl_escape(s->mount, mount, sizeof(mount)) : "none",
			s->mount_needed ? " (needed)" : " (not needed)",
			inspect_serve_text(s->serve));
	}
}

/*
 * USDT probes: uprobes fire only in the program file's own pages, so
 * probes in text moved to huge pages fall silent.
 */
static void print_usdt(FILE *out, const struct inspect_usdt *u)
{
	if (!u->known)
		fprintf(out, "USDT probes: cannot tell: the file has no "
			"section headers, where .note.stapsdt would be\n");
	else if (u->moved)
		fprintf(out, "USDT probes: %zu (.note.stapsdt), %zu in text "
			"that would go on huge pages, where they do not fire: "
			"HUGETLB_ELFMAP=W moves data only and keeps them "
			"working\n", u->probes, u->moved);
	else if (u->probes)
		fprintf(out, "USDT probes: %zu (.note.stapsdt); they fire "
			"while their text stays on base pages, as here, and "
			"would not on huge pages (HUGETLB_ELFMAP=R or RW): "
			"HUGETLB_ELFMAP=W keeps them working\n", u->probes);
}

void inspect_print_text(FILE *out, const struct inspect_report *r)
{
	int remapped = 0;

	print_header(out, r);
	if (!r->plan_ok) {
		fprintf(out,
			"the runtime would refuse the program headers: %s\n",
			r->plan.error);
		return;
	}
	fprintf(out, "\nPHDR  %-22s %7s  FLAG  %8s  %-7s  %-34s %s\n",
		"RANGE", "SIZE", "P_ALIGN", "ALIGNED", "HUGE PAGES", "WHY");
	for (int i = 0; i < r->plan.nseg; i++) {
		print_seg(out, r, &r->plan.seg[i]);
		remapped += r->plan.seg[i].remap;
	}
	fprintf(out, "\n%d of %d segments would go on huge pages\n", remapped,
		r->plan.nseg);
	print_backings(out, r);
	inspect_print_page_cache(out, r);
	print_usdt(out, &r->usdt);
	print_pools(out, r);
	inspect_print_libs_text(out, r);
}

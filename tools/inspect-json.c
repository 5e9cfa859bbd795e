/*
 * The report as JSON: the same facts as the text, with numbers as
 * numbers, addresses as hex strings (they may not fit a double) and each
 * reason both as a stable code and as the text the runtime reports.
 */
#include <elf.h>

#include "tools/inspect-print.h"
#include "tools/json.h"

static const char *why_code(enum hl_why why)
{
	switch (why) {
	case HL_WHY_FULL:		return "full";
	case HL_WHY_PARTIAL:		return "partial";
	case HL_WHY_NOT_ASKED:		return "not_asked";
	case HL_WHY_DISABLED:		return "disabled";
	case HL_WHY_NO_SIZE:		return "no_size";
	case HL_WHY_SHARES_PAGE:	return "shares_page";
	case HL_WHY_UNALIGNED_BASE:	return "unaligned_base";
	case HL_WHY_TOO_SMALL:		return "too_small";
	case HL_WHY_ALL_RELRO:		return "all_relro";
	}
	return "unknown";
}

static const char *runtime_code(enum in_runtime rt)
{
	switch (rt) {
	case IN_RT_NEEDED:		return "needed";
	case IN_RT_PRELOADED:		return "preloaded";
	case IN_RT_PRELOADABLE:		return "preloadable";
	case IN_RT_STATIC:		return "static";
	case IN_RT_STATIC_WITHOUT:	return "static_without";
	case IN_RT_STATIC_UNKNOWN:	return "static_unknown";
	case IN_RT_FOREIGN:		return "foreign";
	}
	return "unknown";
}

static const char *serve_code(enum in_serve s)
{
	switch (s) {
	case IN_SERVE_NOTHING:		return "nothing_needed";
	case IN_SERVE_YES:		return "yes";
	case IN_SERVE_OVERCOMMIT:	return "overcommit";
	case IN_SERVE_NO:		return "no";
	}
	return "unknown";
}

static const char *yes(int b)
{
	return b ? "true" : "false";
}

static void print_env(FILE *out, const struct in_report *r)
{
	fputs("  \"environment\": {", out);
	tl_json_kstr(out, "error", r->cfg.error[0] ? r->cfg.error : NULL);
	fprintf(out, ", \"restricted\": %s, ", yes(r->cfg.restricted));
	tl_json_kstr(out, "elfmap", r->elfmap);
	fprintf(out, ", \"force\": %s},\n", yes(r->cfg.force));
}

static void print_program(FILE *out, const struct in_report *r)
{
	fputs("{\n  ", out);
	tl_json_kstr(out, "program", r->path);
	fprintf(out, ",\n  \"class\": %d, \"type\": \"%s\", \"machine\": %u,\n",
		r->elf->eh.cls == ELFCLASS32 ? 32 : 64,
		r->elf->eh.type == ET_DYN ? "ET_DYN" : "ET_EXEC",
		(unsigned)r->elf->machine);
	fprintf(out, "  \"runtime\": \"%s\", ", runtime_code(r->runtime));
	tl_json_kstr(out, "runtime_text", in_runtime_text(r->runtime));
	fprintf(out, ",\n  \"relinked\": %s, \"load_bias\": \"0x%lx\", "
		"\"default_page_size\": %zu,\n", yes(r->relinked),
		(unsigned long)r->bias, r->sizes.def);
	print_env(out, r);
	fputs("  ", out);
	tl_json_kstr(out, "plan_error", r->plan_ok ? NULL : r->plan.error);
	fputs(",\n", out);
}

static void print_seg(FILE *out, const struct in_report *r,
		      const struct hl_seg *s, int last)
{
	const struct hl_phdr *p = &r->elf->ph[s->phdr];
	size_t page = in_seg_page(r, s);

	fprintf(out, "    {\"phdr\": %d, \"start\": \"0x%llx\", \"end\": \"0x%llx\", "
		"\"size\": %llu, \"flags\": \"%c%c%c\", \"flagged\": %s, "
		"\"p_align\": %llu, \"aligned\": %s,\n", s->phdr,
		(unsigned long long)p->vaddr,
		(unsigned long long)(p->vaddr + p->memsz),
		(unsigned long long)p->memsz,
		p->flags & PF_R ? 'R' : '-', p->flags & PF_W ? 'W' : '-',
		p->flags & PF_X ? 'X' : '-', yes(s->flagged),
		(unsigned long long)p->align, yes(page && p->vaddr % page == 0));
	fprintf(out, "     \"remap\": %s, \"page_size\": %zu, \"pages\": %zu, ",
		yes(s->remap), s->page, hl_seg_pages(s));
	if (s->remap)
		fprintf(out, "\"map_start\": \"0x%lx\", \"map_end\": \"0x%lx\", ",
			(unsigned long)(s->map_start - r->bias),
			(unsigned long)(s->map_end - r->bias));
	fprintf(out, "\"why\": \"%s\", ", why_code(s->why));
	tl_json_kstr(out, "why_text", hl_why_text(s->why));
	fprintf(out, "}%s\n", last ? "" : ",");
}

static void print_size(FILE *out, const struct in_size *s, int last)
{
	fprintf(out, "    {\"page_size\": %zu, \"default\": %s, \"needed\": %zu, ",
		s->page, yes(s->is_default), s->needed);
	if (s->pool.known)
		fprintf(out, "\"pool\": {\"total\": %ld, \"free\": %ld, "
			"\"reserved\": %ld, \"overcommit_headroom\": %ld}, ",
			s->pool.nr, s->pool.free, s->pool.resv,
			tl_pool_headroom(&s->pool));
	else
		fputs("\"pool\": null, ", out);
	tl_json_kstr(out, "mount", s->have_mount ? s->mount : NULL);
	fprintf(out, ", \"mount_needed\": %s, \"can_serve\": \"%s\"}%s\n",
		yes(s->mount_needed), serve_code(s->serve), last ? "" : ",");
}

void in_print_json(FILE *out, const struct in_report *r)
{
	int nseg = r->plan_ok ? r->plan.nseg : 0;

	print_program(out, r);
	fputs("  \"segments\": [\n", out);
	for (int i = 0; i < nseg; i++)
		print_seg(out, r, &r->plan.seg[i], i == nseg - 1);
	fputs("  ],\n  \"page_sizes\": [\n", out);
	for (int i = 0; i < r->nsize; i++)
		print_size(out, &r->size[i], i == r->nsize - 1);
	fputs("  ]\n}\n", out);
}

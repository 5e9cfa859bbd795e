/* SPDX-License-Identifier: MIT */
/*
 * The report as JSON: the same facts as the text, with numbers as
 * numbers, addresses as hex strings (they may not fit a double) and each
 * reason both as a stable code and as the text the runtime reports.
 */
#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "tools/inspect/json.h"
#include "tools/inspect/print.h"

/* Stable codes, indexed by the enums; the JSON's contract. */
static const char *const why_codes[] = {
	[HL_WHY_PENDING] = "pending",
	[HL_WHY_FULL] = "full",
	[HL_WHY_PARTIAL] = "partial",
	[HL_WHY_NOT_ASKED] = "not_asked",
	[HL_WHY_DISABLED] = "disabled",
	[HL_WHY_NO_SIZE] = "no_size",
	[HL_WHY_SHARES_PAGE] = "shares_page",
	[HL_WHY_UNALIGNED_BASE] = "unaligned_base",
	[HL_WHY_TOO_SMALL] = "too_small",
	[HL_WHY_ALL_RELRO] = "all_relro",
	[HL_WHY_CAPPED] = "capped",
	[HL_WHY_BEYOND_CAP] = "beyond_cap",
	[HL_WHY_HOT] = "hot",
	[HL_WHY_NOT_HOT] = "not_hot",
	[HL_WHY_NO_ORDER] = "no_order",
	[HL_WHY_TEXT_BUDGET] = "text_budget",
	[HL_WHY_TEXT_BUDGET_FIRST] = "text_budget_first",
	[HL_WHY_BEYOND_TEXT_BUDGET] = "beyond_text_budget",
	[HL_WHY_SPARSE] = "sparse",
	[HL_WHY_CAP_BELOW_PAGE] = "cap_below_page",
};

static const char *const runtime_codes[] = {
	[INSPECT_RT_EMBEDDED] = "embedded",
	[INSPECT_RT_NEEDED] = "needed",
	[INSPECT_RT_PRELOADED] = "preloaded",
	[INSPECT_RT_PRELOADABLE] = "preloadable",
	[INSPECT_RT_STATIC] = "static",
	[INSPECT_RT_STATIC_WITHOUT] = "static_without",
	[INSPECT_RT_STATIC_UNKNOWN] = "static_unknown",
	[INSPECT_RT_FOREIGN] = "foreign",
};

static const char *const serve_codes[] = {
	[INSPECT_SERVE_NOTHING] = "nothing_needed",
	[INSPECT_SERVE_YES] = "yes",
	[INSPECT_SERVE_OVERCOMMIT] = "overcommit",
	[INSPECT_SERVE_NO] = "no",
};

static const char *const pc_codes[] = {
	[INSPECT_PC_NOT_CONGRUENT] = "not_congruent",
	[INSPECT_PC_BASE_UNALIGNED] = "base_unaligned",
	[INSPECT_PC_CONGRUENT] = "congruent",
	[INSPECT_PC_NOT_SHOWN] = "not_shown",
	[INSPECT_PC_CANNOT_ASK] = "cannot_ask",
	[INSPECT_PC_MEASURED] = "measured",
};

/* The HL_OBST_* bits, in bit order. */
static const char *const obstacle_codes[HL_OBST_COUNT] = {
	"pool_short", "thp_off", "thp_size", "static_writable",
	"hugetlb_cannot_move", "only_hugetlb", "only_thp", "library_writable",
	"only_file",
};

#define CODE(table, v) \
	((size_t)(v) < sizeof(table) / sizeof(table[0]) && table[v] ? \
	 table[v] : "unknown")

static const char *yes(int b)
{
	return b ? "true" : "false";
}

static void print_env(FILE *out, const struct inspect_report *r)
{
	fputs("  \"environment\": {", out);
	inspect_json_kstr(out, "error", r->cfg.error[0] ? r->cfg.error : NULL);
	fprintf(out, ", \"restricted\": %s, ", yes(r->cfg.restricted));
	inspect_json_kstr(out, "elfmap", r->elfmap);
	fprintf(out, ", \"force\": %s},\n", yes(r->cfg.force));
}

static void print_program(FILE *out, const struct inspect_report *r)
{
	fputs("{\n  ", out);
	inspect_json_kstr(out, "program", r->path);
	fprintf(out, ",\n  \"class\": %d, \"type\": \"%s\", \"machine\": %u,\n",
		r->elf->eh.cls == ELFCLASS32 ? 32 : 64,
		r->elf->eh.type == ET_DYN ? "ET_DYN" : "ET_EXEC",
		(unsigned)r->elf->machine);
	fprintf(out, "  \"runtime\": \"%s\", ",
		CODE(runtime_codes, r->runtime));
	inspect_json_kstr(out, "runtime_text",
		inspect_runtime_text(r->runtime));
	fprintf(out, ",\n  \"relinked\": %s, \"load_bias\": \"0x%lx\", "
		"\"default_page_size\": %zu,\n", yes(r->relinked),
		(unsigned long)r->bias, r->sizes.def);
	print_env(out, r);
	fputs("  ", out);
	inspect_json_kstr(out, "plan_error", r->plan_ok ? NULL : r->plan.error);
	fputs(",\n", out);
}

/* ", "backing": ..., "backing_obstacles": [...], "backing_why": ... */
static void print_backing(FILE *out, const struct inspect_report *r,
			  const struct hl_seg *s)
{
	int i = (int)(s - r->plan.seg);
	unsigned o = r->backing[i].obstacles;
	const char *sep = "";
	char why[400];

	if (!s->remap) {
		fputs(",\n     \"backing\": null", out);
		return;
	}
	fprintf(out, ",\n     \"backing\": \"%s\", \"backing_obstacles\": [",
		hl_backing_name(r->backing[i].backing));
	for (int b = 0; b < HL_OBST_COUNT; b++, o >>= 1)
		if (o & 1) {
			fprintf(out, "%s\"%s\"", sep, CODE(obstacle_codes, b));
			sep = ", ";
		}
	fputs("], ", out);
	inspect_json_kstr(out, "backing_why",
		inspect_backing_why(r, i, why, sizeof(why)));
	fprintf(out, ", \"page_cache_first\": %s",
		yes(inspect_page_cache_first(r, s)));
}

static void print_seg(FILE *out, const struct inspect_report *r,
		      const struct hl_seg *s, int last)
{
	const struct hl_phdr *p = &r->elf->ph[s->phdr];
	size_t page = inspect_seg_page(r, s);

	fprintf(out, "    {\"phdr\": %d, \"start\": \"0x%llx\", "
		"\"end\": \"0x%llx\", "
		"\"size\": %llu, \"flags\": \"%c%c%c\", \"flagged\": %s, "
		"\"p_align\": %llu, \"aligned\": %s,\n", s->phdr,
		(unsigned long long)p->vaddr,
		(unsigned long long)(p->vaddr + p->memsz),
		(unsigned long long)p->memsz,
		p->flags & PF_R ? 'R' : '-', p->flags & PF_W ? 'W' : '-',
		p->flags & PF_X ? 'X' : '-', yes(s->flagged),
		(unsigned long long)p->align,
		yes(page && p->vaddr % page == 0));
	fprintf(out, "     \"remap\": %s, \"page_size\": %zu, \"pages\": %zu, ",
		yes(s->remap), s->page, hl_seg_pages(s));
	if (s->remap)
		fprintf(out, "\"map_start\": \"0x%lx\", "
			"\"map_end\": \"0x%lx\", ",
			(unsigned long)(s->map_start - r->bias),
			(unsigned long)(s->map_end - r->bias));
	fprintf(out, "\"why\": \"%s\", ", CODE(why_codes, s->why));
	inspect_json_kstr(out, "why_text", hl_why_text(s->why));
	print_backing(out, r, s);
	fprintf(out, "}%s\n", last ? "" : ",");
}

/*
 * One read-only segment in the page cache: held_bytes and
 * huge_folio_bytes when measured, error when it could not be asked.
 */
static void print_pc_seg(FILE *out, const struct inspect_page_cache *pc,
			 const struct inspect_pc_seg *s, int last)
{
	char error[128] = "";

	fprintf(out, "    {\"phdr\": %d, \"page_size\": %zu, "
		"\"whole_bytes\": %llu, \"state\": \"%s\", ", s->phdr,
		pc->page, (unsigned long long)s->whole,
		CODE(pc_codes, s->state));
	if (s->state == INSPECT_PC_MEASURED)
		fprintf(out, "\"held_bytes\": %llu, \"huge_folio_bytes\": "
			"%llu, ", (unsigned long long)s->held.held,
			(unsigned long long)s->held.pmd);
	else
		fputs("\"held_bytes\": null, \"huge_folio_bytes\": null, ",
		      out);
	if (s->state == INSPECT_PC_CANNOT_ASK)
		snprintf(error, sizeof(error), "%s: %s", s->what,
			 strerror(s->err));
	inspect_json_kstr(out, "error", error[0] ? error : NULL);
	fprintf(out, "}%s\n", last ? "" : ",");
}

static void print_size(FILE *out, const struct inspect_size *s, int last)
{
	fprintf(out, "    {\"page_size\": %zu, \"default\": %s, "
		"\"needed\": %zu, ",
		s->page, yes(s->is_default), s->needed);
	if (s->pool.known && s->pool.resv_wrapped)
		fprintf(out, "\"pool\": {\"total\": %ld, \"free\": %ld, "
			"\"reserved\": null, \"overcommit_headroom\": %ld}, ",
			s->pool.nr, s->pool.free, mach_pool_headroom(&s->pool));
	else if (s->pool.known)
		fprintf(out, "\"pool\": {\"total\": %ld, \"free\": %ld, "
			"\"reserved\": %ld, \"overcommit_headroom\": %ld}, ",
			s->pool.nr, s->pool.free, s->pool.resv,
			mach_pool_headroom(&s->pool));
	else
		fputs("\"pool\": null, ", out);
	if (s->cgroup_room >= 0) {
		fprintf(out, "\"hugetlb_cgroup\": {\"allows\": %ld, ",
			s->cgroup_room);
		inspect_json_kstr(out, "limit", s->cgroup);
		fputs("}, ", out);
	} else {
		fputs("\"hugetlb_cgroup\": null, ", out);
	}
	inspect_json_kstr(out, "mount", s->have_mount ? s->mount : NULL);
	fprintf(out, ", \"mount_needed\": %s, \"can_serve\": \"%s\"}%s\n",
		yes(s->mount_needed), CODE(serve_codes, s->serve),
		last ? "" : ",");
}

/*
 * USDT probes: state "unknown" (no section headers), "none", "fire" (no
 * probe in text the plan moves) or "silenced" (some are).
 */
static void print_usdt(FILE *out, const struct inspect_usdt *u)
{
	if (!u->known) {
		fputs("  \"usdt\": {\"state\": \"unknown\", \"probes\": null, "
		      "\"silenced\": null},\n", out);
		return;
	}
	fprintf(out, "  \"usdt\": {\"state\": \"%s\", \"probes\": %zu, "
		"\"silenced\": %zu},\n", !u->probes ? "none" :
		u->moved ? "silenced" : "fire", u->probes, u->moved);
}

static const char *const lib_codes[] = {
	[HL_LIB_NONE] = "none",
	[HL_LIB_FLAGGED] = "flagged",
	[HL_LIB_NAMED] = "named",
	[HL_LIB_ALL] = "all",
	[HL_LIB_CARRIER] = "carrier",
};

static void print_lib_seg(FILE *out, const struct inspect_lib *l, int i,
			  int last)
{
	const struct hl_seg *s = &l->plan.seg[i];

	fprintf(out, "       {\"phdr\": %d, \"remap\": %s, \"page_size\": %zu, "
		"\"pages\": %zu, \"why\": \"%s\", \"backing\": ", s->phdr,
		yes(s->remap), s->page, hl_seg_pages(s),
		CODE(why_codes, s->why));
	inspect_json_str(out,
		s->remap ? hl_backing_name(l->backing[i].backing) : NULL);
	fprintf(out, "}%s\n", last ? "" : ",");
}

static void print_lib(FILE *out, const struct inspect_lib *l, int last)
{
	int nseg = l->moves ? l->plan.nseg : 0;

	fputs("    {", out);
	inspect_json_kstr(out, "name", l->name);
	fputs(", ", out);
	inspect_json_kstr(out, "path", l->path);
	fputs(", ", out);
	inspect_json_kstr(out, "found_by", l->path ? l->from : NULL);
	fprintf(out, ", \"readable\": %s, \"kind\": \"%s\", "
		"\"relinked\": %s, \"carries_runtime\": %s, \"moves\": %s,\n"
		"     ", yes(l->opened), CODE(lib_codes, l->kind),
		yes(l->relinked), yes(l->link.has_note), yes(l->moves));
	inspect_json_kstr(out, "text", inspect_lib_text(l));
	fputs(", \"segments\": [\n", out);
	for (int i = 0; i < nseg; i++)
		print_lib_seg(out, l, i, i == nseg - 1);
	fprintf(out, "     ]}%s\n", last ? "" : ",");
}

/* "libraries": [...], "library_runtime": ...; null for a static program. */
static void print_libs(FILE *out, const struct inspect_libs *ls)
{
	if (!ls->gathered) {
		fputs("  \"libraries\": null, \"library_runtime\": null,\n"
		      "  \"library_runtime_moves\": false,\n", out);
		return;
	}
	fputs("  \"libraries\": [\n", out);
	for (size_t i = 0; i < ls->n; i++)
		print_lib(out, &ls->lib[i], i + 1 == ls->n);
	fputs("  ],\n  ", out);
	inspect_json_kstr(out, "library_runtime", ls->acting);
	fprintf(out, ",\n  \"library_runtime_moves\": %s,\n", yes(ls->acts));
}

void inspect_print_json(FILE *out, const struct inspect_report *r)
{
	int nseg = r->plan_ok ? r->plan.nseg : 0;

	print_program(out, r);
	print_usdt(out, &r->usdt);
	print_libs(out, &r->libs);
	fputs("  \"segments\": [\n", out);
	for (int i = 0; i < nseg; i++)
		print_seg(out, r, &r->plan.seg[i], i == nseg - 1);
	fputs("  ],\n  \"page_cache\": [\n", out);
	for (int i = 0; i < r->page_cache.n; i++)
		print_pc_seg(out, &r->page_cache, &r->page_cache.seg[i],
			     i == r->page_cache.n - 1);
	fputs("  ],\n  \"page_sizes\": [\n", out);
	for (int i = 0; i < r->nsize; i++)
		print_size(out, &r->size[i], i == r->nsize - 1);
	fputs("  ]\n}\n", out);
}

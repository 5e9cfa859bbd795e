/* SPDX-License-Identifier: MIT */
/*
 * The program's libraries as text: one line per library, as the loader
 * would find it and what the runtime makes of it, then a row per
 * segment of each library the runtime would move.  Addresses are the
 * library's file's; paths are escaped (tools/common/escape.h).
 */
#include <limits.h>

#include "elf/simulate.h"
#include "tools/common/escape.h"
#include "tools/inspect/print.h"
#include "tools/inspect/segrow.h"

static void print_seg(FILE *out, const struct inspect_lib *l, int i)
{
	char placement[32];
	struct inspect_seg_row row = {
		.indent = "      ", .seg = &l->plan.seg[i],
		.ph = &l->elf.ph[l->plan.seg[i].phdr],
		.placement = placement, .action_width = 22,
	};

	snprintf(placement, sizeof(placement), ", %s",
		 hl_backing_name(l->backing[i].backing));
	inspect_print_seg_row(out, &row);
}

/* Which copy of the runtime would move them, when it matters. */
static void print_acting(FILE *out, const struct inspect_report *r)
{
	const struct inspect_libs *ls = &r->libs;
	char name[TL_ESCAPED_LEN(PATH_MAX)];

	if (!ls->acting)
		fprintf(out, "no copy of the runtime would act: neither the "
			"program nor a library carries it "
			"(hugectl preloads it)\n");
	else if (!ls->acts)
		fprintf(out, "the runtime that would act, %s, is of a hugelink "
			"(%s) that moves no library: relink that object\n",
			tl_escape(ls->acting, name, sizeof(name)),
			r->link.version);
	else
		fprintf(out, "the runtime that would act: %s\n",
			tl_escape(ls->acting, name, sizeof(name)));
}

static void print_lib(FILE *out, const struct inspect_lib *l)
{
	char name[TL_ESCAPED_LEN(PATH_MAX)], path[TL_ESCAPED_LEN(PATH_MAX)];

	fprintf(out, "  %s => ", tl_escape(l->name, name, sizeof(name)));
	if (l->path)
		fprintf(out, "%s (%s): ",
			tl_escape(l->path, path, sizeof(path)), l->from);
	fprintf(out, "%s", inspect_lib_text(l));
	if (l->opened && l->kind != HL_LIB_NONE && !l->moves)
		fprintf(out, "; nothing of it would go on huge pages");
	fputc('\n', out);
	for (int i = 0; l->moves && i < l->plan.nseg; i++)
		print_seg(out, l, i);
}

void inspect_print_libs_text(FILE *out, const struct inspect_report *r)
{
	const struct inspect_libs *ls = &r->libs;

	if (!ls->gathered)
		return;
	fprintf(out, "\nlibraries, as the dynamic loader would find them "
		"(%zu):\n", ls->n);
	for (size_t i = 0; i < ls->n; i++)
		print_lib(out, &ls->lib[i]);
	print_acting(out, r);
}

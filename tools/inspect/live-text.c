/* SPDX-License-Identifier: MIT */
/*
 * The view of a running process as text: the program, then one row per
 * PT_LOAD with what backs it now, and a row per part under a segment
 * that more than one mapping covers.  Addresses are the process's.
 * Names come from the process's maps and are escaped (tools/common/escape.h).
 */
#include <elf.h>
#include <string.h>

#include "core/size.h"
#include "tools/common/escape.h"
#include "tools/inspect/print.h"
#include "tools/inspect/segrow.h"

/* A name from the process, escaped so it cannot forge lines. */
static void put_name(FILE *out, const char *name)
{
	char shown[TL_ESCAPED_LEN(4096)];

	fputs(tl_escape(name, shown, sizeof(shown)), out);
}

/* The longest backing_text. */
#define BACKING_LEN 64

/* "hugetlb 2M", "thp 4M of 6M", "page cache, 4M of 5.9M on 2M pages",
 * "base", as BUF: sizes as the SIZE column gives them, and the page
 * cache's huge page, a PMD's worth of the mapping's base pages. */
static const char *backing_text(const struct inspect_part *p, char *buf,
				size_t len)
{
	char a[32], b[32], c[32];

	switch (p->backing) {
	case INSPECT_BACK_HUGETLB:
		snprintf(buf, len, "hugetlb %s",
			 hl_format_size((size_t)p->page, a, sizeof(a)));
		break;
	case INSPECT_BACK_PAGE_CACHE:
		snprintf(buf, len, "page cache, %s of %s on %s pages",
			 inspect_human(p->huge, a, sizeof(a)),
			 inspect_human(p->end - p->start, b, sizeof(b)),
			 hl_format_size(hl_pmd_size((size_t)p->page), c,
					sizeof(c)));
		break;
	case INSPECT_BACK_THP:
		snprintf(buf, len, "thp %s of %s",
			 inspect_human(p->huge, a, sizeof(a)),
			 inspect_human(p->end - p->start, b, sizeof(b)));
		break;
	case INSPECT_BACK_BASE:
		snprintf(buf, len, "base%s", p->map->thp_advised ?
			 " (THP advised)" : "");
		break;
	default:
		snprintf(buf, len, "%s", inspect_backing_code(p->backing));
	}
	return buf;
}

/* The mapping's permissions and name, "-" for a hole. */
static void print_mapping(FILE *out, const struct inspect_part *p)
{
	if (!p->map) {
		fputs("-\n", out);
		return;
	}
	fprintf(out, "%s ", p->map->line.perms);
	if (!p->map->line.path[0])
		fputs("[anonymous]", out);
	else
		put_name(out, p->map->line.path);
	putc('\n', out);
}

/* A range and its size; a part's range is indented under its segment. */
static void print_range(FILE *out, bool part, uintptr_t start, uintptr_t end)
{
	char range[48], sz[32];

	snprintf(range, sizeof(range), "0x%lx-0x%lx", (unsigned long)start,
		 (unsigned long)end);
	fprintf(out, "%s%-*s %7s", part ? "  " : "", part ? 29 : 31, range,
		inspect_human(end - start, sz, sizeof(sz)));
}

/* The width of O's BACKING column: its widest value, or its title. */
static int backing_width(const struct inspect_live *lv,
			 const struct inspect_object *o)
{
	char what[BACKING_LEN];
	size_t width = strlen("BACKING");

	for (size_t i = 0; i < o->nseg; i++) {
		const struct inspect_part *p = &lv->part[o->seg[i].first];

		for (size_t k = 0; k < o->seg[i].nparts; k++, p++) {
			size_t n = strlen(backing_text(p, what, sizeof(what)));

			width = n > width ? n : width;
		}
	}
	return (int)width;
}

/* Segment S's row, and its parts' rows when it has more than one; the
 * BACKING column is WIDTH wide. */
static void print_seg(FILE *out, const struct inspect_live *lv,
		      const struct inspect_lseg *s, int width)
{
	const struct inspect_part *p = &lv->part[s->first];
	char flags[5], what[BACKING_LEN];

	inspect_flags_text(flags, s->flags);
	fprintf(out, "%4d  ", s->phdr);
	print_range(out, false, s->start, s->end);
	if (s->nparts == 1) {
		fprintf(out, "  %s  %-*s ", flags, width,
			backing_text(p, what, sizeof(what)));
		print_mapping(out, p);
		return;
	}
	fprintf(out, "  %s  %s, %zu parts\n", flags,
		inspect_backing_code(inspect_lseg_backing(lv, s)), s->nparts);
	for (size_t i = 0; i < s->nparts; i++, p++) {
		fputs("      ", out);
		print_range(out, true, p->start, p->end);
		fprintf(out, "        %-*s ", width,
			backing_text(p, what, sizeof(what)));
		print_mapping(out, p);
	}
}

static void print_object(FILE *out, const struct inspect_live *lv,
			 const struct inspect_object *o)
{
	int whole = 0, some = 0, width = backing_width(lv, o);

	fputs(o->main ? "program: " : "library: ", out);
	put_name(out, o->path);
	fprintf(out, " (ELF%d, %s), load bias 0x%lx\n",
		o->cls == ELFCLASS32 ? 32 : 64,
		o->type == ET_DYN ? "position-independent" : "fixed addresses",
		(unsigned long)o->bias);
	if (o->main && lv->interp) {
		fputs("started by the dynamic loader run as a command: ", out);
		put_name(out, lv->interp);
		putc('\n', out);
	}
	fprintf(out, "\nPHDR  %-31s %7s  FLAG  %-*s MAPPING\n", "RANGE",
		"SIZE", width, "BACKING");
	for (size_t i = 0; i < o->nseg; i++) {
		uint64_t huge = inspect_lseg_huge(lv, &o->seg[i]);

		print_seg(out, lv, &o->seg[i], width);
		whole += huge == o->seg[i].end - o->seg[i].start;
		some += huge && huge < o->seg[i].end - o->seg[i].start;
	}
	fprintf(out, "\n%zu segments: %d wholly on huge pages, %d in part, "
		"%zu on base pages only\n", o->nseg, whole, some,
		o->nseg - (size_t)whole - (size_t)some);
}

void inspect_print_live_text(FILE *out, const struct inspect_live *lv)
{
	char page[32];

	fprintf(out, "process: %d\nbase page: %s\n", (int)lv->pid,
		hl_format_size((size_t)lv->base_page, page, sizeof(page)));
	for (size_t i = 0; i < lv->nobj; i++)
		print_object(out, lv, &lv->obj[i]);
}

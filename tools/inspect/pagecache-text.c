/* SPDX-License-Identifier: MIT */
/*
 * The page cache's part of the report on a file, as text: a line per
 * read-only segment that holds a whole huge page, from what
 * inspect_page_cache_read found (tools/inspect/pagecache.h).
 */
#include <string.h>

#include "tools/inspect/print.h"

/* What one segment's line says after its size. */
static void print_state(FILE *out, const struct inspect_pc_seg *s,
			size_t page)
{
	switch (s->state) {
	case INSPECT_PC_NOT_CONGRUENT:
		fprintf(out, "file offset not congruent to the address: the "
			"page cache cannot serve it (relink with "
			"hugetlbfs-ld --hugetlbfs-align)\n");
		break;
	case INSPECT_PC_BASE_UNALIGNED:
		fprintf(out, "congruent in the file, but no PT_LOAD asks for a "
			"load base aligned to %zu MiB (p_align): the page cache "
			"serves it only where the base happens to be\n",
			page >> 20);
		break;
	case INSPECT_PC_CONGRUENT:
		fprintf(out, "congruent\n");
		break;
	case INSPECT_PC_NOT_SHOWN:
		fprintf(out, "congruent; what the page cache holds is not "
			"shown: mincore shows it to the file's owner, a "
			"writer or root\n");
		break;
	case INSPECT_PC_CANNOT_ASK:
		fprintf(out, "congruent; the page cache cannot be asked: %s: "
			"%s\n", s->what, strerror(s->err));
		break;
	case INSPECT_PC_MEASURED:
		fprintf(out, "congruent; %llu MiB in huge folios in the page "
			"cache now, of the %llu MiB it holds whole%s\n",
			(unsigned long long)(s->held.pmd >> 20),
			(unsigned long long)(s->held.held >> 20),
			s->held.pmd < s->whole ? " (hugectl --prime FILE "
			"reads it back in huge ones)" : "");
		break;
	}
}

void inspect_print_page_cache(FILE *out, const struct inspect_report *r)
{
	const struct inspect_page_cache *pc = &r->page_cache;

	if (!pc->n)
		return;
	fprintf(out, "\npage cache (the file backing, %zu MiB pages with no "
		"copy):\n", pc->page >> 20);
	for (int i = 0; i < pc->n; i++) {
		fprintf(out, "  segment %d: %llu MiB of whole %zu MiB pages, ",
			pc->seg[i].phdr,
			(unsigned long long)(pc->seg[i].whole >> 20),
			pc->page >> 20);
		print_state(out, &pc->seg[i], pc->page);
	}
}

/* SPDX-License-Identifier: MIT */
/*
 * The pieces of the text reports: see segrow.h.
 */
#include <elf.h>

#include "core/size.h"
#include "tools/inspect/segrow.h"
const char *inspect_human(uint64_t v, char *buf, size_t len)
{
	static const char units[] = "BKMGTPE";
	int u = 0;
	double d = (double)v;

	while (d >= 1024 && units[u + 1]) {
		d /= 1024;
		u++;
	}
	if (u == 0)
		snprintf(buf, len, "%lluB", (unsigned long long)v);
	else if (d == (double)(uint64_t)d)
		snprintf(buf, len, "%llu%c", (unsigned long long)d, units[u]);
	else
		snprintf(buf, len, "%.1f%c", d, units[u]);
	return buf;
}

void inspect_flags_text(char *buf, uint32_t flags)
{
	buf[0] = flags & PF_R ? 'R' : '-';
	buf[1] = flags & PF_W ? 'W' : '-';
	buf[2] = flags & PF_X ? 'X' : '-';
	buf[3] = flags & HL_PF_HUGETLB ? 'H' : '-';
	buf[4] = '\0';
}

void inspect_print_seg_row(FILE *out, const struct inspect_seg_row *row)
{
	const struct hl_seg *s = row->seg;
	const struct hl_phdr *p = row->ph;
	char flags[5], pg[32], range[48], action[128];

	inspect_flags_text(flags, p->flags);
	snprintf(range, sizeof(range), "0x%llx-0x%llx",
		 (unsigned long long)p->vaddr,
		 (unsigned long long)(p->vaddr + p->memsz));
	if (s->remap)
		snprintf(action, sizeof(action), "%zu x %s%s", hl_seg_pages(s),
			 hl_format_size(s->page, pg, sizeof(pg)),
			 row->placement);
	else
		snprintf(action, sizeof(action), "base pages");
	fprintf(out, "%s%4d  %-22s ", row->indent, s->phdr, range);
	if (row->size)
		fprintf(out, "%7s  ", row->size);
	fprintf(out, "%s  ", flags);
	if (row->fit)
		fprintf(out, "%s  ", row->fit);
	fprintf(out, "%-*s %s\n", row->action_width, action,
		hl_why_text(s->why));
}

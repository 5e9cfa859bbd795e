/* SPDX-License-Identifier: MIT */
/*
 * The flag rules and the listing.  Pure.
 */
#include <elf.h>
#include <stdio.h>

#include "tools/hugeedit/flags.h"

uint32_t edit_new_flags(const struct hl_phdr *p, unsigned mode)
{
	uint32_t flags = p->flags & ~HL_PF_HUGETLB;

	if ((mode & EDIT_TEXT) && !(p->flags & PF_W))
		flags |= HL_PF_HUGETLB;
	if ((mode & EDIT_DATA) && (p->flags & PF_W))
		flags |= HL_PF_HUGETLB;
	return flags;
}

const char *edit_class_name(const struct hl_phdr *p)
{
	return p->flags & PF_W ? "DATA" : "TEXT";
}

void edit_format(char *buf, size_t len, size_t index, const struct hl_phdr *p)
{
	snprintf(buf, len, "Segment %zu 0x%llx - 0x%llx (%s) default is %s "
		 "pages, flags %c%c%c", index, (unsigned long long)p->vaddr,
		 (unsigned long long)(p->vaddr + p->memsz), edit_class_name(p),
		 p->flags & HL_PF_HUGETLB ? "HUGE" : "BASE",
		 p->flags & PF_R ? 'R' : '-', p->flags & PF_W ? 'W' : '-',
		 p->flags & PF_X ? 'X' : '-');
}

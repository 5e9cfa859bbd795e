/* SPDX-License-Identifier: MIT */
/*
 * The page cache's part of a read-only segment: see filetext.h.  Pure.
 */
#include <elf.h>

#include "core/filetext.h"

void hl_filetext_span(const struct hl_phdr *ph, size_t page,
		      struct hl_filetext *ft)
{
	uint64_t mask = (uint64_t)page - 1, start, end;

	ft->start = ft->end = 0;
	ft->congruent = false;
	if (ph->type != PT_LOAD || (ph->flags & PF_W) || !page ||
	    ph->vaddr + ph->filesz < ph->vaddr)
		return;
	ft->congruent = (ph->offset & mask) == (ph->vaddr & mask);
	start = (ph->vaddr + mask) & ~mask;
	end = (ph->vaddr + ph->filesz) & ~mask;
	if (start < ph->vaddr || end <= start)
		return;
	ft->start = start;
	ft->end = end;
}

bool hl_filetext_any(const struct hl_phdr *ph, size_t n, size_t page)
{
	struct hl_filetext ft;

	for (size_t i = 0; i < n; i++) {
		hl_filetext_span(&ph[i], page, &ft);
		if (ft.end > ft.start)
			return true;
	}
	return false;
}

bool hl_filetext_needs_layout(const struct hl_phdr *ph, size_t n,
			      size_t page)
{
	struct hl_filetext ft;

	for (size_t i = 0; i < n; i++) {
		hl_filetext_span(&ph[i], page, &ft);
		if (ft.end > ft.start && !ft.congruent)
			return true;
	}
	return false;
}

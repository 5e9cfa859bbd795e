/* SPDX-License-Identifier: MIT */
/*
 * The page cache's part of a read-only segment: see filetext.h.  Pure.
 */
#include <elf.h>
#include <string.h>

#include "core/filetext.h"

void hl_filetext_span(const struct hl_phdr *ph, size_t page,
		      struct hl_filetext *ft)
{
	uint64_t mask = (uint64_t)page - 1, start, end;

	ft->start = ft->end = ft->file_start = 0;
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
	ft->file_start = ph->offset + (start - ph->vaddr);
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

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && !strcmp(s + n - t, tail);
}

void hl_filetext_count(const struct hl_smaps_map *m, uint64_t lo, uint64_t hi,
		       uint64_t delta, struct hl_filetext_got *got)
{
	const struct hl_maps_line *v = &m->line;

	if (v->end <= lo || v->start >= hi)
		return;
	got->seen = true;
	if (!v->path[0] || v->path[0] == '[' || m->hugetlb ||
	    v->perms[1] == 'w' || hl_maps_made_by_hugelink(v->path) ||
	    v->offset - (uint64_t)v->start != delta) {
		got->foreign = true;
		return;
	}
	if (ends_with(v->path, " (deleted)"))
		got->deleted = true;
	if (v->major == 0)
		got->unnamed_dev = true;
	got->pmd += m->file_pmd;
	if (got->pmd > hi - lo)
		got->pmd = hi - lo;
}

bool hl_filetext_served(uint64_t pmd, uint64_t whole)
{
	return whole && pmd * 2 >= whole;
}

/* SPDX-License-Identifier: MIT */
/*
 * Measuring the page cache's part, for hugelink-inspect FILE: for each
 * read-only segment that holds a whole huge page, whether its file
 * offset is congruent to its address (what the kernel needs to map the
 * file's page-cache folios there with PMDs: loader/filetext.h), and how
 * much of it the page cache holds in huge folios now.  That is measured
 * through a mapping of the tool's own (mach_pagecache_held,
 * machine/pagecache.h), which reads nothing in: only the huge pages the
 * page cache holds whole are looked at.
 */
#include <elf.h>
#include <errno.h>
#include <string.h>

#include "core/filetext.h"
#include "tools/inspect/pagecache.h"

/*
 * True when F is loaded at a base aligned to PAGE: an ET_EXEC at its
 * link-time addresses, an ET_DYN when a PT_LOAD asks for that alignment
 * (the kernel and ld.so align the base to the largest p_align).
 */
static bool base_aligned(const struct el_file *f, size_t page)
{
	if (f->eh.type != ET_DYN)
		return true;
	for (size_t i = 0; i < f->eh.phnum; i++)
		if (f->ph[i].type == PT_LOAD && f->ph[i].align >= page)
			return true;
	return false;
}

/* Ask the page cache what it holds of FT's whole pages, into S. */
static void ask(struct inspect_pc_seg *s, const struct el_file *f,
		const struct hl_filetext *ft, size_t page)
{
	int r = mach_pagecache_held(f->fd, ft->file_start, ft->end - ft->start,
				    page, &s->held, &s->what);

	if (r == -EACCES) {
		s->state = INSPECT_PC_NOT_SHOWN;
	} else if (r) {
		s->state = INSPECT_PC_CANNOT_ASK;
		s->err = -r;
	} else {
		s->state = INSPECT_PC_MEASURED;
	}
}

/* Fill S for segment I of F, which holds the whole pages FT. */
static void read_one(struct inspect_pc_seg *s, const struct el_file *f,
		     int i, const struct hl_filetext *ft, size_t page)
{
	memset(s, 0, sizeof(*s));
	s->phdr = i;
	s->whole = ft->end - ft->start;
	if (!ft->congruent)
		s->state = INSPECT_PC_NOT_CONGRUENT;
	else if (!base_aligned(f, page))
		s->state = INSPECT_PC_BASE_UNALIGNED;
	else if (f->fd < 0)
		s->state = INSPECT_PC_CONGRUENT;
	else
		ask(s, f, ft, page);
}

void inspect_page_cache_read(struct inspect_page_cache *pc,
			     const struct el_file *f, size_t page)
{
	struct hl_filetext ft;

	memset(pc, 0, sizeof(*pc));
	pc->page = page;
	for (size_t i = 0; page && i < f->eh.phnum && pc->n < HL_MAX_SEGS;
	     i++) {
		hl_filetext_span(&f->ph[i], page, &ft);
		if (ft.end > ft.start)
			read_one(&pc->seg[pc->n++], f, (int)i, &ft, page);
	}
}

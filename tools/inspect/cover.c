/* SPDX-License-Identifier: MIT */
/*
 * Cutting each segment of an object into the parts its mappings cover.
 * Pure but for allocation: the mappings come parsed (inspect_live_parse), in
 * address order, as the kernel lists them.
 */
#include <elf.h>
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "core/maps.h"
#include "tools/inspect/live.h"

int inspect_live_parse(struct inspect_live *lv, char *text)
{
	struct hl_smaps_map m, *grown;
	char *cur = text;
	size_t cap = 0;
	int rc;

	lv->smaps = text;
	while ((rc = hl_smaps_next(&cur, &m)) > 0) {
		if (lv->nmap == cap) {
			cap = cap ? cap * 2 : 64;
			grown = realloc(lv->map, cap * sizeof(*grown));
			if (!grown) {
				warn("process %d", (int)lv->pid);
				return -1;
			}
			lv->map = grown;
		}
		lv->map[lv->nmap++] = m;
	}
	if (rc < 0) {
		warnx("process %d: /proc/%d/smaps: a line is neither a mapping "
		      "nor a field", (int)lv->pid, (int)lv->pid);
		return -1;
	}
	return 0;
}

static struct inspect_part *new_part(struct inspect_live *lv, uintptr_t start,
				uintptr_t end)
{
	struct inspect_part *grown = realloc(lv->part,
					(lv->npart + 1) * sizeof(*grown));

	if (!grown) {
		warn("process %d", (int)lv->pid);
		return NULL;
	}
	lv->part = grown;
	grown += lv->npart++;
	memset(grown, 0, sizeof(*grown));
	grown->start = start;
	grown->end = end;
	return grown;
}

static bool own_file(const struct inspect_object *o,
		     const struct hl_smaps_map *m)
{
	return m->line.inode && m->line.inode == o->inode &&
	       m->line.major == o->major && m->line.minor == o->minor;
}

/* Whether M maps a file's page cache, not a copy hugelink made, with
 * PMDs: the file backing (loader/filetext.h). */
static bool page_cache(const struct hl_smaps_map *m)
{
	const char *path = m->line.path;

	return m->file_pmd && path[0] && path[0] != '[' &&
	       !hl_maps_made_by_hugelink(path);
}

/*
 * What backs the part P, covered by M.  smaps counts huge pages over the
 * whole mapping, so for a THP mapping that reaches beyond the segment
 * the part is credited with at most its own size.
 */
static void describe(struct inspect_part *p, const struct inspect_live *lv,
		     const struct inspect_object *o,
		     const struct hl_smaps_map *m)
{
	uint64_t huge = hl_smaps_huge_bytes(m, lv->base_page);
	uint64_t len = p->end - p->start;

	p->map = m;
	p->page = m->kernel_page;
	p->own_file = own_file(o, m);
	switch (hl_smaps_kind(m, lv->base_page)) {
	case HL_SMAPS_HUGETLB:
		p->backing = INSPECT_BACK_HUGETLB;
		p->huge = len;
		break;
	case HL_SMAPS_THP:
		p->backing = page_cache(m) ? INSPECT_BACK_PAGE_CACHE :
			     INSPECT_BACK_THP;
		p->huge = huge < len ? huge : len;
		break;
	case HL_SMAPS_BASE:
		p->backing = INSPECT_BACK_BASE;
		break;
	}
}

/* Cut S into parts: one per mapping over it, and one per hole. */
static int cut(struct inspect_live *lv, const struct inspect_object *o,
	       struct inspect_lseg *s)
{
	uintptr_t at = s->start;
	struct inspect_part *p;

	s->first = lv->npart;
	for (size_t i = 0; i < lv->nmap && at < s->end; i++) {
		const struct hl_smaps_map *m = &lv->map[i];

		if (m->line.end <= at || m->line.start >= s->end)
			continue;
		if (m->line.start > at) {
			if (!new_part(lv, at, m->line.start))
				return -1;
			at = m->line.start;
		}
		p = new_part(lv, at,
			     m->line.end < s->end ? m->line.end : s->end);
		if (!p)
			return -1;
		describe(p, lv, o, m);
		at = p->end;
	}
	if (at < s->end && !new_part(lv, at, s->end))
		return -1;
	s->nparts = lv->npart - s->first;
	return 0;
}

int inspect_cover(struct inspect_live *lv, struct inspect_object *o,
	     const struct hl_phdr *ph, size_t phnum)
{
	size_t n = 0;

	o->seg = calloc(phnum ? phnum : 1, sizeof(*o->seg));
	if (!o->seg) {
		warn("process %d", (int)lv->pid);
		return -1;
	}
	for (size_t i = 0; i < phnum; i++) {
		struct inspect_lseg *s = &o->seg[n];

		if (ph[i].type != PT_LOAD || !ph[i].memsz)
			continue;
		s->phdr = (int)i;
		s->flags = ph[i].flags;
		s->start = o->bias + ph[i].vaddr;
		s->end = s->start + ph[i].memsz;
		if (cut(lv, o, s))
			return -1;
		n++;
	}
	o->nseg = n;
	return 0;
}

enum inspect_backing inspect_lseg_backing(const struct inspect_live *lv,
				const struct inspect_lseg *s)
{
	enum inspect_backing b = INSPECT_BACK_UNMAPPED;

	for (size_t i = 0; i < s->nparts; i++) {
		enum inspect_backing p = lv->part[s->first + i].backing;

		if (i && p != b)
			return INSPECT_BACK_MIXED;
		b = p;
	}
	return b;
}

uint64_t inspect_lseg_huge(const struct inspect_live *lv,
			   const struct inspect_lseg *s)
{
	uint64_t huge = 0;

	for (size_t i = 0; i < s->nparts; i++)
		huge += lv->part[s->first + i].huge;
	return huge;
}

const char *inspect_backing_code(enum inspect_backing b)
{
	switch (b) {
	case INSPECT_BACK_UNMAPPED:
		return "unmapped";
	case INSPECT_BACK_BASE:
		return "base";
	case INSPECT_BACK_HUGETLB:
		return "hugetlb";
	case INSPECT_BACK_THP:
		return "thp";
	case INSPECT_BACK_PAGE_CACHE:
		return "page_cache";
	case INSPECT_BACK_MIXED:
		return "mixed";
	}
	return "unknown";
}

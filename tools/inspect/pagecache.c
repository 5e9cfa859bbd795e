/* SPDX-License-Identifier: MIT */
/*
 * The page cache's part, for hugelink-inspect FILE: for each read-only
 * segment that holds a whole huge page, whether its file offset is
 * congruent to its address (what the kernel needs to map the file's
 * page-cache folios there with PMDs: loader/filetext.h), and how much of
 * it the page cache holds in huge folios now.  That is measured through
 * a mapping of the tool's own (mach_pagecache_held, machine/pagecache.h),
 * which reads nothing in: only the huge pages the page cache holds whole
 * are looked at.
 */
#include <elf.h>
#include <errno.h>
#include <string.h>

#include "core/filetext.h"
#include "machine/pagecache.h"
#include "tools/inspect/print.h"

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

/* One segment's line. */
static void print_one(FILE *out, const struct el_file *f,
		      const struct hl_phdr *ph, int i, size_t page)
{
	struct hl_filetext ft;
	struct mach_held h;
	const char *what;
	int r;

	hl_filetext_span(ph, page, &ft);
	if (ft.end <= ft.start)
		return;
	fprintf(out, "  segment %d: %llu MiB of whole 2 MiB pages, ", i,
		(unsigned long long)((ft.end - ft.start) >> 20));
	if (!ft.congruent) {
		fprintf(out, "file offset not congruent to the address: the "
			"page cache cannot serve it (relink with "
			"hugetlbfs-ld --hugetlbfs-align)\n");
		return;
	}
	if (!base_aligned(f, page)) {
		fprintf(out, "congruent in the file, but no PT_LOAD asks for a "
			"load base aligned to 2 MiB (p_align): the page cache "
			"serves it only where the base happens to be\n");
		return;
	}
	if (f->fd < 0) {
		fprintf(out, "congruent\n");
		return;
	}
	r = mach_pagecache_held(f->fd, ft.file_start, ft.end - ft.start, page,
				&h, &what);
	if (r == -EACCES)
		fprintf(out, "congruent; what the page cache holds is not "
			"shown: mincore shows it to the file's owner, a "
			"writer or root\n");
	else if (r)
		fprintf(out, "congruent; the page cache cannot be asked: %s: "
			"%s\n", what, strerror(-r));
	else
		fprintf(out, "congruent; %llu MiB in huge folios in the page "
			"cache now, of the %llu MiB it holds whole%s\n",
			(unsigned long long)(h.pmd >> 20),
			(unsigned long long)(h.held >> 20),
			h.pmd < ft.end - ft.start ? " (hugectl --prime FILE "
			"reads it back in huge ones)" : "");
}

void inspect_print_page_cache(FILE *out, const struct inspect_report *r)
{
	const struct el_file *f = r->elf;
	size_t page = r->sizes.def;

	if (!page || !hl_filetext_any(f->ph, f->eh.phnum, page))
		return;
	fprintf(out, "\npage cache (the file backing, 2 MiB pages with no "
		"copy):\n");
	for (size_t i = 0; i < f->eh.phnum; i++)
		print_one(out, f, &f->ph[i], (int)i, page);
}

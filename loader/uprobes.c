/* SPDX-License-Identifier: MIT */
/*
 * Telling the uprobes' breakpoints from what else was written into text:
 * see uprobes.h.  Only the pages written since they were loaded are
 * looked at, one base page at a time: a patch, a debugger or the uprobes
 * write a few.
 */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "loader/uprobes.h"

#define ENTRIES 512

/* One page written: its address, file offset and the bytes of it in the
 * file part, [from, to); FILE, a page-sized buffer for the file's bytes. */
struct written {
	uintptr_t page;
	long off;
	uintptr_t from, to;
	char *file;
};

/*
 * The page W as the file holds it, read into W->file, and as a fresh
 * private mapping of the file shows it: the file's bytes and the
 * uprobes'.  Returns the mapping (to unmap with C->base), or NULL.
 */
static const char *file_and_fresh(const struct remap_commit *c,
				  const struct written *w)
{
	const char *fresh;

	if (pread(c->prog_fd, w->file, c->base, w->off) != (ssize_t)c->base)
		return NULL;
	fresh = mmap(NULL, c->base, PROT_READ, MAP_PRIVATE, c->prog_fd,
		     w->off);
	return fresh == MAP_FAILED ? NULL : fresh;
}

/*
 * In S's scratch copy of page W, where the copy holds what a fresh
 * mapping of the file holds and the file differs, put the file's bytes
 * back.  Always goes on to the next page.
 */
static bool drop_in_page(const struct remap_commit *c,
			 const struct remap_range *s, const struct written *w)
{
	char *scratch = (char *)(s->scratch + (w->page - s->target));
	const char *file = w->file;
	const char *fresh = file_and_fresh(c, w);

	if (!fresh)
		return true;
	for (uintptr_t a = w->from; a < w->to; a++) {
		size_t i = a - w->page;

		if (scratch[i] == fresh[i] && fresh[i] != file[i])
			scratch[i] = file[i];
	}
	munmap((void *)fresh, c->base);
	return true;
}

/*
 * Whether page W, as the process has it now, holds only the file's
 * bytes and the uprobes'.  False, which stops the walk, for a byte that
 * is neither, or a page that cannot be compared.
 */
static bool only_uprobes_in_page(const struct remap_commit *c,
				 const struct remap_range *s,
				 const struct written *w)
{
	const char *live = (const char *)w->page;
	const char *file = w->file;
	const char *fresh = file_and_fresh(c, w);
	bool only = fresh != NULL;

	(void)s;
	for (uintptr_t a = w->from; only && a < w->to; a++) {
		size_t i = a - w->page;

		only = live[i] == file[i] || live[i] == fresh[i];
	}
	if (fresh)
		munmap((void *)fresh, c->base);
	return only;
}

typedef bool written_fn(const struct remap_commit *c,
			const struct remap_range *s, const struct written *w);

/*
 * Call FN for each page of S's file part written since it was loaded,
 * while it returns true, with FILE a page-sized buffer.  Returns 0 when
 * every page was seen, 1 when FN stopped, -1 when the pagemap or the file
 * is missing or cannot be read.
 */
static int walk_written(const struct remap_commit *c,
			const struct remap_range *s, written_fn *fn,
			char *file)
{
	const struct remap_copy *k = &s->copy[0];
	uintptr_t page = k->start & ~(uintptr_t)(c->base - 1);
	uint64_t pm[ENTRIES];

	while (page < k->sparse) {
		size_t n = (k->sparse - page + c->base - 1) / c->base;

		if (n > ENTRIES)
			n = ENTRIES;
		if (pread(c->pagemap_fd, pm, n * 8,
			  (off_t)(page / c->base * 8)) != (ssize_t)(n * 8))
			return -1;
		for (size_t i = 0; i < n; i++, page += c->base) {
			struct written w = {
				page, k->file_off - (long)(k->start - page),
				page < k->start ? k->start : page,
				page + c->base < k->sparse ? page + c->base :
							     k->sparse,
				file,
			};

			if (REMAP_PM_WRITTEN(pm[i]) && !fn(c, s, &w))
				return 1;
		}
	}
	return 0;
}

/* walk_written, with a buffer of its own for the file's pages. */
static int each_written(const struct remap_commit *c,
			const struct remap_range *s, written_fn *fn)
{
	char *file;
	int rc;

	if (c->pagemap_fd < 0 || c->prog_fd < 0 || s->copy[0].file_off < 0)
		return -1;
	file = mmap(NULL, c->base, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (file == MAP_FAILED)
		return -1;
	rc = walk_written(c, s, fn, file);
	munmap(file, c->base);
	return rc;
}

void ldr_uprobes_drop(const struct remap_commit *c, const struct remap_range *s)
{
	each_written(c, s, drop_in_page);
}

int ldr_uprobes_only(const struct remap_commit *c, const struct remap_range *s)
{
	int rc = each_written(c, s, only_uprobes_in_page);

	return rc < 0 ? -1 : rc == 0;
}

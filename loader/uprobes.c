/* SPDX-License-Identifier: MIT */
/*
 * Dropping uprobes' breakpoints from a copy of text: see uprobes.h.
 * Only the pages written since they were loaded are looked at, one base
 * page at a time: a patch, a debugger or the uprobes write a few.
 */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "loader/uprobes.h"

#define ENTRIES 512

/*
 * The page at address PAGE, file offset OFF: where the copy SCRATCH holds
 * what a fresh mapping of the file holds, and the file differs, restore
 * the file's bytes in [from, to).
 */
static void drop_in_page(const struct remap_commit *c, char *scratch,
			 uintptr_t page, long off, uintptr_t from, uintptr_t to)
{
	char file[65536];
	const char *fresh;

	if (c->base > sizeof(file) ||
	    pread(c->prog_fd, file, c->base, off) != (ssize_t)c->base)
		return;
	fresh = mmap(NULL, c->base, PROT_READ, MAP_PRIVATE, c->prog_fd, off);
	if (fresh == MAP_FAILED)
		return;
	for (uintptr_t a = from; a < to; a++) {
		size_t i = a - page;

		if (scratch[i] == fresh[i] && fresh[i] != file[i])
			scratch[i] = file[i];
	}
	munmap((void *)fresh, c->base);
}

void ldr_uprobes_drop(const struct remap_commit *c, const struct remap_range *s)
{
	const struct remap_copy *k = &s->copy[0];
	uintptr_t page = k->start & ~(uintptr_t)(c->base - 1);
	uint64_t pm[ENTRIES];

	if (c->pagemap_fd < 0 || c->prog_fd < 0 || k->file_off < 0)
		return;
	while (page < k->sparse) {
		size_t n = (k->sparse - page + c->base - 1) / c->base;

		if (n > ENTRIES)
			n = ENTRIES;
		if (pread(c->pagemap_fd, pm, n * 8,
			  (off_t)(page / c->base * 8)) != (ssize_t)(n * 8))
			return;
		for (size_t i = 0; i < n; i++, page += c->base)
			if (REMAP_PM_WRITTEN(pm[i]))
				drop_in_page(c, (char *)(s->scratch +
							 (page - s->target)),
					     page, k->file_off -
						   (long)(k->start - page),
					     page < k->start ? k->start : page,
					     page + c->base < k->sparse ?
					     page + c->base : k->sparse);
	}
}

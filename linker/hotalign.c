/* SPDX-License-Identifier: MIT */
/*
 * The check after lld's link of an ordered program: see hotalign.h.
 */
#include <elf.h>

#include "elf/file.h"
#include "linker/hotalign.h"
#include "linker/hotrange.h"

/* The huge pages [START, END) takes, rounded out to whole ones. */
static uint64_t pages_of(uint64_t start, uint64_t end, size_t page)
{
	uint64_t lo = start / page * page;
	uint64_t hi = (end + page - 1) / page * page;

	return (hi - lo) / page;
}

/* Whether PH is an executable PT_LOAD that holds address AT. */
static int text_holds(const struct hl_phdr *ph, uint64_t at)
{
	return ph->type == PT_LOAD && (ph->flags & PF_X) && at >= ph->vaddr &&
	       at - ph->vaddr < ph->memsz;
}

size_t lw_hotalign_saves(const struct hl_phdr *ph, size_t n, uint64_t start,
			 uint64_t end, size_t page)
{
	for (size_t i = 0; page && end > start && i < n; i++) {
		uint64_t v = ph[i].vaddr, now, aligned;

		if (!text_holds(&ph[i], start))
			continue;
		if (v % page == 0)
			return 0;
		now = pages_of(start, end, page);
		aligned = pages_of(start - v, end - v, page);
		return now > aligned ? (size_t)(now - aligned) : 0;
	}
	return 0;
}

int lw_hotalign_needed(const struct lw_output *o, const struct lw_argv *names,
		       size_t page)
{
	struct el_file f;
	uint64_t start, end;
	int rc = -1;

	if (lw_output_read(o, &f) == 0) {
		rc = lw_hotrange_find(&f, names, &start, &end);
		if (rc == 1)
			rc = lw_hotalign_saves(f.ph, f.eh.phnum, start, end,
					       page) > 0;
	}
	el_close(&f);
	return rc;
}

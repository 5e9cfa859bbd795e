/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_PAGECACHE_H
#define TOOLS_INSPECT_PAGECACHE_H
/*
 * The page cache's part of the report on a file: for each read-only
 * segment that holds a whole huge page, whether the page cache can serve
 * it and how much of it the page cache holds in huge folios now.
 * Measured once (inspect_page_cache_read); the text and the JSON both
 * print what it found.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"
#include "elf/file.h"
#include "machine/pagecache.h"

/* What can be said of one segment, from the file to the page cache. */
enum inspect_pc_state {
	INSPECT_PC_NOT_CONGRUENT,	/* its file offset is not congruent
					   to its address */
	INSPECT_PC_BASE_UNALIGNED,	/* congruent, but no PT_LOAD asks for
					   a load base aligned to the page */
	INSPECT_PC_CONGRUENT,		/* congruent; no file to ask (an
					   image in memory) */
	INSPECT_PC_NOT_SHOWN,		/* mincore shows this process
					   nothing of it (EACCES) */
	INSPECT_PC_CANNOT_ASK,		/* the page cache could not be
					   asked: err, what */
	INSPECT_PC_MEASURED,		/* held says what it holds */
};

struct inspect_pc_seg {
	int phdr;			/* its program header's index */
	uint64_t whole;			/* bytes of whole huge pages of its
					   file bytes */
	enum inspect_pc_state state;
	struct mach_held held;		/* INSPECT_PC_MEASURED */
	int err;			/* INSPECT_PC_CANNOT_ASK: the errno */
	const char *what;		/* ... and the call that failed */
};

struct inspect_page_cache {
	size_t page;			/* the huge page size asked about */
	int n;				/* 0: no segment holds a whole one */
	struct inspect_pc_seg seg[HL_MAX_SEGS];
};

/*
 * Fill PC for F and huge page size PAGE (0: none, and PC is empty),
 * reading nothing of the file into the page cache: for the first
 * HL_MAX_SEGS read-only PT_LOADs that hold a whole PAGE of file bytes,
 * as many as a plan takes.
 */
void inspect_page_cache_read(struct inspect_page_cache *pc,
			     const struct el_file *f, size_t page);

#endif

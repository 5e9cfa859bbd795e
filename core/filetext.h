/* SPDX-License-Identifier: MIT */
#ifndef CORE_FILETEXT_H
#define CORE_FILETEXT_H
/*
 * Whether a read-only segment can be served from the page cache on huge
 * pages: the kernel maps a file's page-cache folio with one PMD only
 * where the folio's place in the file and its place in memory agree
 * modulo the PMD size, so a segment qualifies when it holds at least one
 * whole huge page of file bytes and its file offset is congruent to its
 * address modulo that size.  Shared by the linker wrapper (which lays
 * such segments out congruent), the runtime and the tools.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"
#include "core/smaps.h"

/* The whole huge pages of a segment's file bytes, relative to its
 * link-time addresses. */
struct hl_filetext {
	uint64_t start, end;	/* [start, end): whole pages, or start == end */
	uint64_t file_start;	/* the file offset of start */
	bool congruent;		/* offset == vaddr (mod page) */
};

/*
 * Fill FT for PH and huge page size PAGE (a power of two).  Only a
 * read-only PT_LOAD counts; any other header gives an empty span.
 */
void hl_filetext_span(const struct hl_phdr *ph, size_t page,
		      struct hl_filetext *ft);

/* True when some read-only PT_LOAD of PH[0..N) holds a whole PAGE of
 * file bytes and is not congruent: the layout keeps it off the page
 * cache's huge pages. */
bool hl_filetext_needs_layout(const struct hl_phdr *ph, size_t n,
			      size_t page);

/*
 * What the page cache gave a range [lo, hi) of a segment whose file
 * bytes lie at address + DELTA in the file (p_offset - p_vaddr - bias,
 * modulo 2^64), from the smaps of the mappings that meet it.
 */
struct hl_filetext_got {
	uint64_t pmd;		/* FilePmdMapped, at most hi - lo */
	bool seen;		/* some mapping met the range */
	bool foreign;		/* one of them is not the file at DELTA:
				   anonymous, hugetlb, writable, hugelink's */
	bool deleted;		/* the file is deleted */
	bool unnamed_dev;	/* the file's device number has major 0: a
				   file system with no block device of its
				   own (tmpfs, NFS, FUSE, btrfs, ...) */
};

/* Count mapping M into GOT for the range [LO, HI) at DELTA. */
void hl_filetext_count(const struct hl_smaps_map *m, uint64_t lo, uint64_t hi,
		       uint64_t delta, struct hl_filetext_got *got);

/*
 * True when the page cache serves a range of WHOLE bytes of which PMD
 * are mapped with PMDs: at least half of it.  Below that a copy gives
 * the TLB more than the page cache does.
 */
bool hl_filetext_served(uint64_t pmd, uint64_t whole);

#endif

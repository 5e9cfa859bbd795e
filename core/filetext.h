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

/* The whole huge pages of a segment's file bytes, relative to its
 * link-time addresses. */
struct hl_filetext {
	uint64_t start, end;	/* [start, end): whole pages, or start == end */
	bool congruent;		/* offset == vaddr (mod page) */
};

/*
 * Fill FT for PH and huge page size PAGE (a power of two).  Only a
 * read-only PT_LOAD counts; any other header gives an empty span.
 */
void hl_filetext_span(const struct hl_phdr *ph, size_t page,
		      struct hl_filetext *ft);

/* True when some read-only PT_LOAD of PH[0..N) holds a whole PAGE of
 * file bytes. */
bool hl_filetext_any(const struct hl_phdr *ph, size_t n, size_t page);

/* True when some read-only PT_LOAD of PH[0..N) holds a whole PAGE of
 * file bytes and is not congruent: the layout keeps it off the page
 * cache's huge pages. */
bool hl_filetext_needs_layout(const struct hl_phdr *ph, size_t n,
			      size_t page);

#endif

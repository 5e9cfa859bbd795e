/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_PAGECACHE_H
#define MACHINE_PAGECACHE_H
/*
 * How much of a file the page cache holds in huge folios, seen through
 * a mapping of the tools' own: a folio can be mapped with a PMD only when
 * it is PMD-sized, so the FilePmdMapped of a fresh mapping of the file,
 * advised MADV_HUGEPAGE and populated, is what a program mapping the same
 * bytes at a congruent address gets.  Populating reads the pages the
 * page cache does not hold yet, in huge folios where the file system can.
 * mincore(2) alone cannot tell: it sees pages, not folios; but it tells
 * which huge pages the page cache holds whole, and populating only those
 * reads nothing (mach_pagecache_held).
 */
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"

/*
 * Map LEN bytes of FD at OFF (both multiples of PAGE) read-only and
 * private at an address aligned to PAGE, advise and populate it
 * (MADV_HUGEPAGE, MADV_RANDOM, MADV_POPULATE_READ, and MADV_COLLAPSE
 * where the kernel has it for file text), and set *PMD to the bytes of
 * it mapped with PMDs.  Returns 0, or a negative errno with *WHAT naming
 * the call that failed.
 */
int mach_pagecache_huge(int fd, uint64_t off, size_t len, size_t page,
			uint64_t *pmd, const char **what);

/* What the page cache holds of a range, read with nothing read in. */
struct mach_held {
	uint64_t held;		/* bytes of whole huge pages it holds every
				   base page of */
	uint64_t pmd;		/* ... held in huge folios */
};

/*
 * The same measure as mach_pagecache_huge, with nothing read from the
 * file and nothing collapsed: only the huge pages of which mincore(2)
 * shows every base page in the page cache are populated, on a mapping
 * advised MADV_RANDOM, so that no fault starts a read-ahead.  For a tool
 * that reports what the page cache holds now.  Returns 0, or a negative
 * errno with *WHAT naming the call that failed; -EACCES for a file whose
 * page cache mincore does not show this process.
 */
int mach_pagecache_held(int fd, uint64_t off, size_t len, size_t page,
			struct mach_held *h, const char **what);

/* What priming a file got. */
struct mach_primed {
	uint64_t whole;		/* bytes of whole huge pages in congruent
				   read-only segments */
	uint64_t pmd;		/* ... held in huge folios now */
	int sync_err;		/* the errno of writing it back, or 0 */
	int err;		/* the first failure reading back, or 0 */
	const char *what;	/* ... its call */
};

/*
 * Prime FD, a file whose program headers are PH (PHNUM of them): write
 * its dirty pages back (fsync, and syncfs on overlayfs); then, for each
 * read-only segment whose file offset is congruent to its address
 * modulo PAGE, drop the clean pages of its whole huge pages that no
 * process maps (POSIX_FADV_DONTNEED: the kernel keeps every page a
 * process maps), but for those held in huge folios already, and read
 * them back in huge folios (mach_pagecache_huge); then fault
 * each of those huge pages once through a mapping with no advice, which
 * clears the read-ahead marks reading them back left.  What it got in
 * *P.  hugectl --prime and the runtime's own priming (HUGELINK_PRIME)
 * both do it this way.
 */
void mach_pagecache_prime(int fd, const struct hl_phdr *ph, size_t phnum,
			  size_t page, struct mach_primed *p);

#endif

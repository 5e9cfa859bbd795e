/* SPDX-License-Identifier: MIT */
#ifndef LOADER_FORKSNAP_H
#define LOADER_FORKSNAP_H
/*
 * The copies the fork guard (loader/forkguard.h) makes of a writable
 * range on hugetlb pages, and how a child puts them in place.
 *
 * IMPORTANT: these run inside fork(): in the parent's prepare handler
 * and in the child's handler, before anything else in the child may
 * run.  So they use raw system calls only (arch/raw.h): no libc, no
 * errno, no allocation; and loader/build.mk builds this file like the
 * swap code (no stack protector, no calls the compiler invents).
 */
#include <stddef.h>
#include <stdint.h>

/* A range of huge pages of PAGE bytes, with its protection PROT. */
struct ldr_snap_range {
	uintptr_t addr;
	size_t len, page;
	int prot;
};

/*
 * A copy of R in a fresh private anonymous mapping with R's protection,
 * aligned to ALIGN (a power of two, BASE or more) and advised
 * MADV_HUGEPAGE when THP is set, so that it can take transparent huge
 * pages.  Base pages that hold only zeros are not written: they cost no
 * memory.  A huge page this process may not read (the program made it
 * PROT_NONE, or unmapped it) is not read, and reads as zeros in the
 * copy.  Returns the copy's address, or 0 when no memory could be mapped
 * for it.
 */
uintptr_t ldr_snap_make(const struct ldr_snap_range *r, size_t base,
		       size_t align, int thp);

/* Drop a copy of R made by ldr_snap_make. */
void ldr_snap_drop(uintptr_t snap, const struct ldr_snap_range *r);

/*
 * Put the copy SNAP in place of R in one step (mremap(MREMAP_FIXED)),
 * which unmaps what was there.  Returns 0 or -errno, SNAP untouched.
 */
long ldr_snap_put(uintptr_t snap, const struct ldr_snap_range *r);

/*
 * Move R onto base pages in place, one huge page at a time, so that one
 * page's worth of memory is all it needs: a new mapping takes each huge
 * page's place with its contents, read from FROM (a copy of R) when it
 * is not 0, else from R itself wherever this process has the page and
 * may read it.  A page it does not have reads as zeros, as it did in the
 * process that had none either; HAD[i] (when HAD is not NULL) says that
 * page i was there where R was copied from, and then it cannot be had.
 * Returns the pages that could not be had, or -1 when memory ran out
 * (the pages before are moved, the rest stay as they were).
 */
long ldr_snap_move(const struct ldr_snap_range *r, size_t base, uintptr_t from,
		  const unsigned char *had);

/*
 * Fill HAD[i] for each huge page of R: 1 when this process has it
 * (mincore), else 0.
 */
void ldr_snap_presence(const struct ldr_snap_range *r, size_t base,
		      unsigned char *had);

#endif

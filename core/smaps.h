/* SPDX-License-Identifier: MIT */
#ifndef CORE_SMAPS_H
#define CORE_SMAPS_H
/*
 * /proc/<pid>/smaps, taken apart one mapping at a time, and what backs a
 * mapping now: hugetlb pages, transparent huge pages, or base pages.
 * Pure: the caller reads the file into memory; the parser works in that
 * text, so the paths it returns point into it.
 *
 *   55d0a0600000-55d0a0a00000 r-xp 00000000 00:11 491194   /memfd:x (deleted)
 *   Size:               4096 kB
 *   KernelPageSize:     2048 kB
 *   ...
 *   AnonHugePages:         0 kB
 *   VmFlags: rd ex mr mw me de ht
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/maps.h"

/* One mapping.  Sizes are in bytes; a field the kernel did not print is 0. */
struct hl_smaps_map {
	struct hl_maps_line line;	/* the header line */
	uint64_t size;			/* Size */
	uint64_t kernel_page;		/* KernelPageSize */
	uint64_t rss;			/* Rss */
	uint64_t anon_huge;		/* AnonHugePages */
	uint64_t shmem_pmd;		/* ShmemPmdMapped */
	uint64_t file_pmd;		/* FilePmdMapped */
	bool hugetlb;			/* VmFlags "ht" */
	bool thp_advised;		/* VmFlags "hg": MADV_HUGEPAGE */
	bool guarded;			/* VmFlags "bt": aarch64 BTI pages */
};

/* What backs a mapping now. */
enum hl_smaps_kind {
	HL_SMAPS_BASE,		/* base pages only */
	HL_SMAPS_HUGETLB,	/* hugetlb pages of kernel_page bytes */
	HL_SMAPS_THP,		/* some transparent huge pages */
};

/*
 * Take the next mapping off the text at *CURSOR: its header line and the
 * "Name: value" lines after it.  The newlines of the lines taken are
 * replaced by NULs and *CURSOR moves past them.  Returns 1 with *M
 * filled, 0 when only blank lines are left, or -1 when a line is neither
 * a header nor a field (*CURSOR then points at it).
 */
int hl_smaps_next(char **cursor, struct hl_smaps_map *m);

/*
 * What backs M, on a machine whose base page is BASE_PAGE bytes: hugetlb
 * when VmFlags says so or the kernel page is larger than the base page;
 * THP when any of it is mapped by huge page table entries (AnonHugePages,
 * ShmemPmdMapped, FilePmdMapped); base otherwise.
 */
enum hl_smaps_kind hl_smaps_kind(const struct hl_smaps_map *m,
				 uint64_t base_page);

/* The bytes of M on huge pages: all of it for hugetlb, none for base. */
uint64_t hl_smaps_huge_bytes(const struct hl_smaps_map *m, uint64_t base_page);

/*
 * The bytes of [LO, HI) that M surely maps with transparent huge pages
 * (AnonHugePages): M's count gives no addresses, so where M reaches
 * beyond [LO, HI) (a neighbour merged with it) its huge pages are taken
 * to lie outside first.
 */
uint64_t hl_smaps_anon_huge_within(const struct hl_smaps_map *m, uint64_t lo,
				   uint64_t hi);

#endif

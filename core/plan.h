/* SPDX-License-Identifier: MIT */
#ifndef CORE_PLAN_H
#define CORE_PLAN_H
/*
 * The plan: which parts of which PT_LOAD segments go on huge pages, and
 * why the others do not.  Building it is pure (program headers, load
 * bias, configuration and page sizes in; ranges out), so the runtime and
 * hugelink-inspect share it and cmocka tests it.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/config.h"

#define HL_PF_HUGETLB 0x00100000u	/* PF_LINUX_HUGETLB, in PF_MASKOS */
#define HL_MAX_SEGS 16			/* PT_LOAD segments we handle */
#define HL_MAX_SIZES 8

/* A program header, whatever the ELF class. */
struct hl_phdr {
	uint32_t type, flags;
	uint64_t offset, vaddr, filesz, memsz, align;
};

/* The page sizes this machine offers. */
struct hl_sizes {
	size_t base;			/* the base page size */
	size_t def;			/* the default huge page size */
	size_t avail[HL_MAX_SIZES];	/* every huge page size supported */
	int navail;
};

/*
 * "2M, 1G": the huge page sizes SIZES holds (none for NULL), in BUF of
 * LEN bytes; "none" when there are none.  Returns the text.
 */
const char *hl_sizes_text(const struct hl_sizes *sizes, char *buf, size_t len);

enum hl_class { HL_CLASS_R, HL_CLASS_W };

/* Why a segment is, or is not, remapped. */
enum hl_why {
	HL_WHY_PENDING,		/* asked for pages, not yet placed; no
				   segment of a built plan says this */
	HL_WHY_FULL,		/* all of it goes on huge pages */
	HL_WHY_PARTIAL,		/* only the part with huge pages of its own */
	HL_WHY_NOT_ASKED,	/* neither HUGETLB_ELFMAP nor its flag asks */
	HL_WHY_DISABLED,	/* HUGETLB_ELFMAP=no */
	HL_WHY_NO_SIZE,		/* the kernel has no pages of the size asked */
	HL_WHY_SHARES_PAGE,	/* would share a huge page: not relinked */
	HL_WHY_UNALIGNED_BASE,	/* loaded at an address not aligned enough */
	HL_WHY_TOO_SMALL,	/* no whole huge page of its own inside it */
	HL_WHY_ALL_RELRO,	/* writable only until relocation is done */
	HL_WHY_CAPPED,		/* its first part, up to HUGETLB_ELFMAP's cap */
	HL_WHY_BEYOND_CAP,	/* none: the cap was taken
				   by what comes first */
	HL_WHY_HOT,		/* text: only its hot range
				   (HUGELINK_TEXT=hot) */
	HL_WHY_NOT_HOT,		/* text: none of the hot range lies in it */
	HL_WHY_NO_ORDER,	/* text: HUGELINK_TEXT=hot, but no order was
				   recorded: all of it, as with "all" */
	HL_WHY_TEXT_BUDGET,	/* text: its first pages, up to the budget */
	HL_WHY_TEXT_BUDGET_FIRST, /* text: no order recorded, so the budget
				   took its first pages */
	HL_WHY_BEYOND_TEXT_BUDGET, /* text: none, the budget was taken */
	HL_WHY_SPARSE,		/* neither text nor data, and its bytes fill
				   less than HUGELINK_MIN_FILL of its pages */
	HL_WHY_CAP_BELOW_PAGE,	/* none: HUGETLB_ELFMAP's cap for its class
				   is less than one of its huge pages */
};

struct hl_seg {
	int phdr;			/* index in the program headers */
	enum hl_class cls;
	int prot;			/* PROT_* from p_flags */
	bool flagged;			/* PF_LINUX_HUGETLB is set */
	uintptr_t start, end;		/* the segment in memory (p_memsz) */
	uintptr_t file_end;		/* start + p_filesz: bss from there */
	size_t page;			/* the huge page size used,
					   or asked for */
	size_t asked;			/* when PAGE is smaller than asked (the
					   size asked would share a huge
					   page), the size asked; else 0 */
	uintptr_t map_start, map_end;	/* the range to put on huge pages */
	bool remap;
	enum hl_why why;
};

struct hl_plan {
	int nseg;			/* PT_LOADs, in program header order */
	struct hl_seg seg[HL_MAX_SEGS];
	uintptr_t relro_start, relro_end; /* read-only after relocation */
	uintptr_t limit;		/* no range reaches past it; 0: none */
	uintptr_t floor;		/* nor below it; 0: none */
	char error[128];		/* why the headers were refused */
};

/*
 * Plan for the program headers PH[0..PHNUM) loaded at BIAS.  A segment
 * that is neither text (executable) nor data (writable) -- the headers'
 * segment, read-only data -- moves only when its bytes fill at least
 * CFG->min_fill percent of the huge pages its range takes; text and data
 * move whatever they fill, as HUGETLB_ELFMAP's R and W name them.
 * Returns 0,
 * or -1 with PLAN->error set when the headers are malformed (a size or
 * address that overflows, p_filesz > p_memsz, too many PT_LOADs).
 */
int hl_plan_build(struct hl_plan *plan, const struct hl_config *cfg,
		  const struct hl_sizes *sizes, const struct hl_phdr *ph,
		  size_t phnum, uintptr_t bias);

/*
 * The same for a shared library, whose ranges must stay inside what the
 * dynamic loader mapped for it, from its first PT_LOAD's first base page
 * to LIMIT: dlclose() unmaps exactly that, a huge page past either end
 * would outlive the library, and the memory below a library is where
 * the kernel places new mappings.  A range that would reach past LIMIT
 * ends on the last huge page before it, and one that would reach below
 * the start begins on the first huge page after it, as with
 * HUGETLB_FORCE_ELFMAP, which it needs not: what lies outside is no part
 * of the library.  LIMIT 0 sets neither bound (hl_plan_build).
 */
int hl_plan_build_object(struct hl_plan *plan, const struct hl_config *cfg,
			 const struct hl_sizes *sizes, const struct hl_phdr *ph,
			 size_t phnum, uintptr_t bias, uintptr_t limit);

/*
 * The end of what the dynamic loader maps for PH[0..PHNUM) at BIAS: the
 * last PT_LOAD's end rounded up to BASE, the base page size.  0 when
 * there is no PT_LOAD or it overflows.
 */
uintptr_t hl_phdrs_end(const struct hl_phdr *ph, size_t phnum,
		       uintptr_t bias, size_t base);

/*
 * True when PH[0..PHNUM), loaded at BIAS, is laid out for huge pages of
 * SIZES' default size: planned with both classes, no segment would share
 * a huge page with another or lie misaligned.  False when the machine
 * has no huge pages or the headers are refused.
 */
bool hl_phdrs_relinked(const struct hl_sizes *sizes, const struct hl_phdr *ph,
		       size_t phnum, uintptr_t bias);

/*
 * True when no PT_LOAD of PH[0..PHNUM) is aligned to more than ALIGN or
 * spans SPAN bytes or more.
 */
bool hl_phdrs_below(const struct hl_phdr *ph, size_t phnum, size_t align,
		    size_t span);

/* The hot text an order recorded in the object (core/note.h,
 * HL_NOTE_HOT), at its load address. */
struct hl_hot {
	bool ordered;		/* the object carries a non-empty range */
	uintptr_t start, end;
};

/*
 * HUGELINK_TEXT and HUGELINK_TEXT_BUDGET on a built plan: with "hot" and
 * an order, each executable segment's range shrinks to the hot range
 * rounded out to whole huge pages (and inside what it had); with a
 * budget, the executable segments' ranges, in address order, take at
 * most that many huge pages, each keeping its first part.  Segments
 * that are not executable are left alone.
 */
void hl_plan_text(struct hl_plan *plan, const struct hl_config *cfg,
		  const struct hl_hot *hot);

/* A short English reason for WHY, for reports. */
const char *hl_why_text(enum hl_why why);

/* The number of huge pages SEG takes when remapped, else 0. */
size_t hl_seg_pages(const struct hl_seg *seg);

/* Whether SEG was asked for: by HUGETLB_ELFMAP, or by its flag. */
bool hl_seg_asked(const struct hl_seg *seg);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_MAPS_H
#define LOADER_MAPS_H
/*
 * What /proc/self/maps says about a range we are about to replace.  The
 * judging is pure (ldr_maps_judge, ldr_maps_file_match) and unit-tested;
 * ldr_maps_read reads the file once, and ldr_maps_check and
 * ldr_maps_object_file go through what it read.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/maps.h"
#include "core/plan.h"

enum ldr_maps_verdict {
	LDR_MAPS_OURS_TO_TAKE,	/* only the program's own file, anonymous
				   memory and the brk heap */
	LDR_MAPS_ALREADY_HUGE,	/* hugelink remapped it already: its file
				   bytes are no longer the file's mapping */
	LDR_MAPS_GAP,		/* part of the segment's own memory is not
				   mapped at all */
	LDR_MAPS_FOREIGN,	/* something else lives there, or the
				   file's bytes are not where they belong */
	LDR_MAPS_UNREADABLE,
};

struct ldr_maps_info {
	uintptr_t heap_start;	/* the [heap] mapping's start, or 0 */
	/*
	 * [clear_lo, clear_hi) is the part of the range free of foreign
	 * mappings that lie wholly before or after the segment's own
	 * memory; such mappings only shorten the range.
	 */
	uintptr_t clear_lo, clear_hi;
	/* How far the mappings judged so far cover the segment's own
	 * memory inside [lo, hi) without a gap. */
	uintptr_t covered;
	bool refused;		/* FOREIGN is named: nothing else is */
	char foreign[160];	/* a mapping in the way, or the gap, for the
				   report */
};

/* A mapped file, as /proc/self/maps names it, and the mapping of it
 * that was asked about, [start, end). */
struct ldr_maps_file {
	unsigned int major, minor;
	unsigned long inode;
	char path[4096];
	uintptr_t start, end;
};

/*
 * The question ldr_maps_check answers: may [lo, hi), a range around the
 * segment's own memory [own_lo, own_hi) of the object whose file is
 * PROG, be taken?  [own_lo, file_end) holds the segment's bytes from the
 * file, from offset FILE_OFF on: anything but that file mapped there
 * means the segment was moved already (file_end == own_lo: the segment
 * has none).  The object's memory is what it is given these rules:
 *  - [own_lo, own_hi) is mapped whole, without a gap;
 *  - where it holds file bytes, PROG is mapped readable, each byte at
 *    its own offset;
 *  - anonymous memory is the object's only from the end of its file
 *    bytes' last base page (BASE bytes) to the base page where own_hi
 *    falls, bss; the [heap] mapping only for the program
 *    (BRK_FOLLOWS), whose brk heap starts after its last segment
 *    (loader/heap.h), and never inside its file bytes.
 * Memory of PROG outside [own_lo, file_end) is the object's too: its
 * other segments, or the holes the loader left between them.
 */
struct ldr_maps_query {
	uintptr_t lo, hi, own_lo, own_hi;
	const struct ldr_maps_file *prog;
	uintptr_t file_end;
	unsigned long file_off;
	size_t base;
	bool brk_follows;
};

/*
 * /proc/self/maps as it was read once, at the start of prepare, and the
 * break at that moment.  Every range is judged from it, and the
 * program's file found in it: the mappings prepare makes meanwhile are
 * its own, placed by the kernel away from the program (top-down below
 * the libraries, or bottom-up from the base of mmap), never in a hole
 * of a range, which only an address space full up to there could give.
 * The brk heap's start does not move either: it is the [heap] mapping's,
 * or, when the heap has not been made yet, the break when the file was
 * read, where the heap will start.
 */
struct ldr_maps {
	char *text;		/* the lines, NUL-terminated; in a mapping */
	size_t len, cap;
	uintptr_t brk;		/* the break when they were read */
};

/* Read /proc/self/maps into M.  Returns 0, or -1 when it cannot be read. */
int ldr_maps_read(struct ldr_maps *m);

void ldr_maps_free(struct ldr_maps *m);

/*
 * The object's own file in M: the file mapped at the start of the first
 * of PLAN's segments that still holds its bytes from the file there
 * (PH, the object's program headers, say at which offset).  Not always
 * /proc/self/exe, which is ld.so when the program was started as
 * "ld.so ./prog"; and not the memory an earlier pass put where a segment
 * was, whose offset may match by chance (a segment at offset 0 moved onto
 * a huge page that starts where it does).  Returns 0; 1 when every
 * segment's start holds memory hugelink made, or anonymous memory: all
 * were moved; -1 otherwise.
 */
int ldr_maps_object_file(const struct ldr_maps *m, const struct hl_plan *plan,
			const struct hl_phdr *ph, struct ldr_maps_file *file);

/*
 * The file mapped at ADDR with the byte at OFF of it there: 0, with FILE
 * filled.  1 when ADDR holds memory hugelink made, or anonymous memory
 * (a THP copy); -1 otherwise.
 */
int ldr_maps_file_at(const struct ldr_maps *m, uintptr_t addr,
		     unsigned long off, struct ldr_maps_file *file);

/*
 * True when V may hold an object's bytes to be read (and run, with
 * EXEC): readable (and executable), and a mapping of FILE (the object's,
 * or NULL), memory hugelink made, or anonymous memory.
 */
bool ldr_maps_line_serves(const struct hl_maps_line *v,
			  const struct ldr_maps_file *file, bool exec);

/* True when [LO, HI) lies, without a gap, in mappings of M that serve
 * (ldr_maps_line_serves). */
bool ldr_maps_serve(const struct ldr_maps *m, uintptr_t lo, uintptr_t hi,
		    const struct ldr_maps_file *file, bool exec);

/*
 * Fill FILE from V when V maps a file at ADDR, with the byte at offset OFF
 * of it there, and is not memory hugelink made; returns 1 then, else 0.
 */
int ldr_maps_file_match(uintptr_t addr, unsigned long off,
		       const struct hl_maps_line *v, struct ldr_maps_file *file);

/*
 * Classify the mappings of M that meet Q's range.  A foreign mapping
 * inside the segment's own memory makes the verdict LDR_MAPS_FOREIGN; one
 * outside it narrows [clear_lo, clear_hi) instead; a part of the own
 * memory no mapping covers makes it LDR_MAPS_GAP.  INFO->heap_start is
 * where the brk heap starts, or will.
 */
enum ldr_maps_verdict ldr_maps_check(const struct ldr_maps *m,
				   const struct ldr_maps_query *q,
				   struct ldr_maps_info *info);

/* Start INFO for Q, before the first ldr_maps_judge. */
void ldr_maps_begin(const struct ldr_maps_query *q, struct ldr_maps_info *info);

/* Judge one mapping V for Q, recording in INFO what it says.  The
 * mappings come in the order of their addresses, as the file has them. */
enum ldr_maps_verdict ldr_maps_judge(const struct ldr_maps_query *q,
				   const struct hl_maps_line *v,
				   struct ldr_maps_info *info);

/* After the last ldr_maps_judge: LDR_MAPS_GAP when the mappings judged
 * left the end of the own memory uncovered, else LDR_MAPS_OURS_TO_TAKE. */
enum ldr_maps_verdict ldr_maps_end(const struct ldr_maps_query *q,
				 struct ldr_maps_info *info);

#endif

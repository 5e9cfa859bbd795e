/* SPDX-License-Identifier: MIT */
#ifndef LOADER_MAPS_H
#define LOADER_MAPS_H
/*
 * What /proc/self/maps says about a range we are about to replace.  The
 * judging is pure (ldr_maps_judge, ldr_maps_file_match) and unit-tested;
 * ldr_maps_read reads the file once, and ldr_maps_check and
 * ldr_maps_object_file go through what it read.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/maps.h"
#include "core/plan.h"

enum ldr_maps_verdict {
	LDR_MAPS_OURS_TO_TAKE,	/* only the program's own file, anonymous
				   memory and the brk heap */
	LDR_MAPS_ALREADY_HUGE,	/* hugelink remapped it already: its file
				   bytes are no longer the file's mapping */
	LDR_MAPS_FOREIGN,	/* something else lives there */
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
	char foreign[160];	/* a mapping in the way, for the report */
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
 * file: anything but that file mapped there means the segment was moved
 * already (file_end 0: the segment has none).
 */
struct ldr_maps_query {
	uintptr_t lo, hi, own_lo, own_hi;
	const struct ldr_maps_file *prog;
	uintptr_t file_end;
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
 * Fill FILE from V when V maps a file at ADDR, with the byte at offset OFF
 * of it there, and is not memory hugelink made; returns 1 then, else 0.
 */
int ldr_maps_file_match(uintptr_t addr, unsigned long off,
		       const struct hl_maps_line *v, struct ldr_maps_file *file);

/*
 * Classify the mappings of M that meet Q's range.  A foreign mapping
 * inside the segment's own memory makes the verdict LDR_MAPS_FOREIGN; one
 * outside it narrows [clear_lo, clear_hi) instead.  INFO->heap_start is
 * where the brk heap starts, or will.
 */
enum ldr_maps_verdict ldr_maps_check(const struct ldr_maps *m,
				   const struct ldr_maps_query *q,
				   struct ldr_maps_info *info);

/* Start INFO for Q, before the first ldr_maps_judge. */
void ldr_maps_begin(const struct ldr_maps_query *q, struct ldr_maps_info *info);

/* Judge one mapping V for Q, recording in INFO what it says. */
enum ldr_maps_verdict ldr_maps_judge(const struct ldr_maps_query *q,
				   const struct hl_maps_line *v,
				   struct ldr_maps_info *info);

#endif

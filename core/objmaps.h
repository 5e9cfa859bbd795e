/* SPDX-License-Identifier: MIT */
#ifndef CORE_OBJMAPS_H
#define CORE_OBJMAPS_H
/*
 * What /proc/self/maps says of a loaded object's memory: which file is
 * the object's, whether a range about to be replaced holds only the
 * object's own memory, whether memory serves to be read (or run).  Pure:
 * the caller reads the file into a struct hl_maps (loader/maps.h), and
 * the unit tests and the fuzzers make one of their own.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/maps.h"
#include "core/plan.h"

/*
 * /proc/self/maps as it was read once: LEN bytes of its lines at TEXT,
 * NUL-terminated (CAP: the room the reader has for them), and the break
 * at that moment.  Every range is judged from it, and the program's
 * file found in it.  The kernel may put a mapping made after the reading
 * in a hole of a range (beside a static-pie program, whose last huge page
 * the kernel ends with free address space): the runtime holds the holes
 * itself from just after the reading (loader/holes.h).  The
 * brk heap's start does not move either: it is the [heap] mapping's, or,
 * when the heap has not been made yet, the break when the file was read,
 * where the heap will start.  TEXT NULL: the file could not be read.
 * LINE, when not NULL, holds the NLINES maps lines of TEXT taken apart
 * once (hl_maps_index), which every question then reads instead of the
 * text.
 */
struct hl_maps {
	char *text;
	size_t len, cap;
	uintptr_t brk;
	struct hl_maps_line *line;
	size_t nlines;
};

/*
 * Take M's lines apart once, into the room at LINES for CAP of them,
 * and set M->line: the text then holds their paths (each newline becomes
 * a NUL), and only the lines are read.  Lines that are not maps lines
 * are left out.  Returns 0; -1, M left as it was, when the text has more
 * than CAP lines.
 */
int hl_maps_index(struct hl_maps *m, struct hl_maps_line *lines, size_t cap);

enum hl_maps_verdict {
	HL_MAPS_OURS_TO_TAKE,	/* only the program's own file, anonymous
				   memory and the brk heap */
	HL_MAPS_ALREADY_HUGE,	/* hugelink remapped it already: its file
				   bytes are no longer the file's mapping */
	HL_MAPS_GAP,		/* part of the segment's own memory is not
				   mapped at all */
	HL_MAPS_FOREIGN,	/* something else lives there, or the
				   file's bytes are not where they belong */
	HL_MAPS_UNREADABLE,	/* the maps could not be read, or not
				   whole (the report says why) */
};

struct hl_maps_info {
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
	char foreign[160];	/* a mapping in the way, the gap, or what
				   made the maps unreadable, for the
				   report */
};

/* A mapped file, as /proc/self/maps names it, and the mapping of it
 * that was asked about, [start, end). */
struct hl_maps_file {
	unsigned int major, minor;
	unsigned long inode;
	char path[4096];
	uintptr_t start, end;
};

/*
 * The question hl_maps_check answers: may [lo, hi), a range around the
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
 * other segments, or the holes the loader left between them.  The own
 * memory must still have the segment's protection (PERMS): a part the
 * program made unreadable, read-only or executable is not the
 * segment's as the copy would give it back.
 */
struct hl_maps_query {
	uintptr_t lo, hi, own_lo, own_hi;
	const struct hl_maps_file *prog;
	uintptr_t file_end;
	unsigned long file_off;
	size_t base;
	bool brk_follows;
	const char *perms;	/* "rw-": what the own memory must show, as
				   the segment was mapped; NULL: anything */
};


/*
 * The next line of M from *AT on, taken apart into V (its path pointing
 * into LINE, a copy of LEN bytes at most, or, M indexed, into M's text);
 * returns 0, or -1 at the end.  Lines that are not maps lines are
 * skipped.  M not indexed, a line that LINE cannot hold ends the walk
 * with -2: what it maps is unknown, and every answer that needs the
 * whole file is then a refusal.
 */
int hl_maps_next(const struct hl_maps *m, size_t *at, char *line, size_t len,
		 struct hl_maps_line *v);

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
int hl_maps_object_file(const struct hl_maps *m, const struct hl_plan *plan,
			const struct hl_phdr *ph, struct hl_maps_file *file);

/*
 * The file mapped at ADDR with the byte at OFF of it there: 0, with FILE
 * filled.  1 when ADDR holds memory hugelink made, or anonymous memory
 * (a THP copy); -1 otherwise.
 */
int hl_maps_file_at(const struct hl_maps *m, uintptr_t addr,
		     unsigned long off, struct hl_maps_file *file);

/*
 * True when V may hold an object's bytes to be read (and run, with
 * EXEC): readable (and executable), and a mapping of FILE (the object's,
 * or NULL), memory hugelink made, or anonymous memory.
 */
bool hl_maps_line_serves(const struct hl_maps_line *v,
			  const struct hl_maps_file *file, bool exec);

/* True when [LO, HI) lies, without a gap, in mappings of M that serve
 * (hl_maps_line_serves). */
bool hl_maps_serve(const struct hl_maps *m, uintptr_t lo, uintptr_t hi,
		    const struct hl_maps_file *file, bool exec);

/*
 * Fill FILE from V when V maps a file at ADDR, with the byte at offset OFF
 * of it there, and is not memory hugelink made; returns 1 then, else 0.
 */
int hl_maps_file_match(uintptr_t addr, unsigned long off,
		       const struct hl_maps_line *v, struct hl_maps_file *file);

/*
 * Classify the mappings of M that meet Q's range.  A foreign mapping
 * inside the segment's own memory makes the verdict HL_MAPS_FOREIGN; one
 * outside it narrows [clear_lo, clear_hi) instead; a part of the own
 * memory no mapping covers makes it HL_MAPS_GAP.  INFO->heap_start is
 * where the brk heap starts, or will.
 */
enum hl_maps_verdict hl_maps_check(const struct hl_maps *m,
				   const struct hl_maps_query *q,
				   struct hl_maps_info *info);

/*
 * Call FN(LO', HI', CTX) for each hole of M in [LO, HI): each range that
 * no mapping covers, in the order of their addresses.  Stops at FN's
 * first non-zero return, and returns it; 0 after the last hole, and -1
 * when M could not be read or holds a line too long to take apart.
 */
int hl_maps_each_hole(const struct hl_maps *m, uintptr_t lo, uintptr_t hi,
		      int (*fn)(uintptr_t lo, uintptr_t hi, void *ctx),
		      void *ctx);

/* Start INFO for Q, before the first hl_maps_judge. */
void hl_maps_begin(const struct hl_maps_query *q, struct hl_maps_info *info);

/* Judge one mapping V for Q, recording in INFO what it says.  The
 * mappings come in the order of their addresses, as the file has them. */
enum hl_maps_verdict hl_maps_judge(const struct hl_maps_query *q,
				   const struct hl_maps_line *v,
				   struct hl_maps_info *info);

/* After the last hl_maps_judge: HL_MAPS_GAP when the mappings judged
 * left the end of the own memory uncovered, else HL_MAPS_OURS_TO_TAKE. */
enum hl_maps_verdict hl_maps_end(const struct hl_maps_query *q,
				 struct hl_maps_info *info);

#endif

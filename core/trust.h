/* SPDX-License-Identifier: MIT */
#ifndef CORE_TRUST_H
#define CORE_TRUST_H
/*
 * Whether the program headers the loader reports for an object may be
 * read through, judged from /proc/self/maps (core/objmaps.h) and from
 * what comparing them with the object's file said.  Pure: the runtime
 * (loader/trust.h, which reads the file, and loader/acting.c), the unit
 * tests and the fuzzers call these alone.
 *
 * dl_iterate_phdr reports the table a PT_PHDR points at, which may be a
 * second, forged one: the loader maps the object by the real table (at
 * e_phoff), so a forged table can claim memory the object does not have
 * (an unmapped gap, another's buffer).  The headers are trusted when
 * they are, field by field, those of the file mapped at the object's
 * first segment that still holds its file bytes, as the maps name it.
 * When no segment does (hugelink moved them all) or the file cannot be
 * read (a program run without read permission), they are trusted only
 * as far as the memory goes: the file part of every readable PT_LOAD
 * lies, without a gap, in readable mappings of that file, of memory
 * hugelink made or of anonymous memory, and an entry point must lie in
 * an executable one.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/objmaps.h"
#include "core/plan.h"

enum hl_trust {
	HL_TRUST_NONE,		/* not judged yet */
	HL_TRUST_FILE,		/* the headers are the file's */
	HL_TRUST_MEMORY,	/* the file is not there to ask: its memory
				   holds what the headers describe */
	HL_TRUST_FORGED,	/* the headers are not the file's */
	HL_TRUST_UNMAPPED,	/* they describe memory it does not have */
};

/*
 * The file mapped at the start of the first PT_LOAD of PH (PHNUM
 * headers, loaded at BIAS) that still holds its file bytes there: 0, with
 * FILE filled; -1 when none does.
 */
int hl_trust_first_file(const struct hl_maps *m, const struct hl_phdr *ph,
			size_t phnum, uintptr_t bias,
			struct hl_maps_file *file);

/*
 * The trust of the headers PH, when comparing them with the table of
 * FILE (from hl_trust_first_file, or NULL when there was none) said SAME:
 * 1 they are its headers, 0 they are not, -1 the file could not be read.
 */
enum hl_trust hl_trust_judge(const struct hl_maps *m, const struct hl_phdr *ph,
			     size_t phnum, uintptr_t bias,
			     const struct hl_maps_file *file, int same);

/* True when headers judged TRUST may be read through. */
bool hl_trust_readable(int trust);

/*
 * True when an object whose headers were judged TRUST, and whose file is
 * mapped at one of its segments, may be moved: its headers are its
 * file's; or, the file mapped but unreadable, it is the program (MAIN),
 * run without read permission, whose headers are its author's as much
 * as its code is.  A library's headers trusted for their memory alone
 * vouch for nothing beyond its file bytes: a forged p_memsz, or a
 * PT_LOAD without file bytes, could claim the anonymous memory beside
 * it, the program's own, as its bss.
 */
bool hl_trust_movable(int trust, bool main);

/*
 * The entry point the entry note of an object whose headers were judged
 * TRUST leads to (core/image.h: only of this runtime's ABI, only inside
 * an executable PT_LOAD of the object), and, for headers trusted for
 * their memory alone, only into memory M shows mapped executable; NULL
 * otherwise, and for headers not to be read through.
 */
const void *hl_trust_entry(const struct hl_maps *m, const struct hl_phdr *ph,
			   size_t phnum, uintptr_t bias, int trust);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_TRUST_H
#define LOADER_TRUST_H
/*
 * Whether the program headers the loader reports for an object may be
 * read through.  dl_iterate_phdr reports the table a PT_PHDR points at,
 * which may be a second, forged one: the loader maps the object by the
 * real table (at e_phoff), so a forged table can claim memory the object
 * does not have (an unmapped gap, another's buffer).  Nothing is read
 * through an object's headers (its notes, its dynamic section, its entry
 * note: loader/image.h) before they are trusted here, and an object not
 * trusted is left as it is.
 *
 * The headers are trusted when they are, field by field, those of the
 * file mapped at the object's first segment that still holds its file
 * bytes, as /proc/self/maps names it.  When no segment does (hugelink
 * moved them all) or the file cannot be read (a program run without
 * read permission), they are trusted only as far as the memory goes:
 * the file part of every readable PT_LOAD lies, without a gap, in
 * readable mappings of that file, of memory hugelink made or of
 * anonymous memory, and an entry point must lie in an executable one.
 */
#include "loader/image.h"
#include "loader/maps.h"

enum ldr_trust {
	LDR_TRUST_NONE,		/* not judged yet */
	LDR_TRUST_FILE,		/* the headers are the file's */
	LDR_TRUST_MEMORY,	/* the file is not there to ask: its memory
				   holds what the headers describe */
	LDR_TRUST_FORGED,	/* the headers are not the file's */
	LDR_TRUST_UNMAPPED,	/* they describe memory it does not have */
};

/*
 * Judge IMG's headers against M, /proc/self/maps read after the object
 * was loaded, and set IMG->trust.  Returns true when they may be read
 * through.
 */
bool ldr_trust_image(const struct ldr_maps *m, struct ldr_image *img);

/* What a report says of an object IMG->trust leaves alone. */
const char *ldr_trust_why(const struct ldr_image *img);

#endif

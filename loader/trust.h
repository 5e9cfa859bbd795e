/* SPDX-License-Identifier: MIT */
#ifndef LOADER_TRUST_H
#define LOADER_TRUST_H
/*
 * Whether the program headers the loader reports for an object may be
 * read through (core/trust.h says when).  Nothing is read through an
 * object's headers (its notes, its dynamic section, its entry note:
 * loader/image.h) before they are trusted here, and an object not
 * trusted is left as it is.
 */
#include "loader/image.h"
#include "loader/maps.h"

/*
 * Judge IMG's headers against M, /proc/self/maps read after the object
 * was loaded, and its file, and set IMG->trust (enum hl_trust).  Returns
 * true when they may be read through.
 */
bool ldr_trust_image(const struct hl_maps *m, struct ldr_image *img);

/*
 * Judge IMG's headers against M alone, as if its file could not be
 * read: they may be read through as far as its memory goes (core/trust.h,
 * HL_TRUST_MEMORY), which is enough to read its notes, not to move it.
 * Sets IMG->trust, and returns true when they may be read through.
 */
bool ldr_trust_memory(const struct hl_maps *m, struct ldr_image *img);

/* What a report says of an object IMG->trust leaves alone. */
const char *ldr_trust_why(const struct ldr_image *img);

#endif

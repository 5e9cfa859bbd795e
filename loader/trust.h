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
 * True when IMG is the program as the kernel loaded it: the dynamic
 * linker reports the table at AT_PHDR, which the kernel read from the
 * file at e_phoff and mapped every segment by.  Run as a command
 * (ld.so PROGRAM), the loader maps the program itself and reports the
 * table its PT_PHDR points at, and AT_PHDR is the loader's own.
 */
bool ldr_trust_kernel_loaded(const struct ldr_image *img);

/*
 * Judge IMG's headers and set IMG->trust (enum hl_trust): the program
 * the kernel loaded by them as its file's, with neither M nor the file
 * read; any other object against M, /proc/self/maps read after it was
 * loaded, and its file.  Returns true when they may be read through.
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

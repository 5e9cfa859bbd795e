/* SPDX-License-Identifier: MIT */
#ifndef LINKER_CONGRUENT_H
#define LINKER_CONGRUENT_H
/*
 * Whether a GNU ld output must be linked again with file offsets
 * congruent to addresses.  GNU ld's script, made from its own default,
 * puts segments on huge-page addresses but leaves file offsets congruent
 * modulo 4 KiB only, which keeps a small program small.  A read-only
 * segment that holds a whole huge page needs its file offset congruent
 * modulo the huge page too, or the kernel cannot map the file's
 * page-cache folios there with PMDs (core/filetext.h).  The second link
 * adds -z max-page-size: GNU ld then pads the file up to each such
 * offset, and writes the padding as a hole, so the disk blocks stay
 * those of the compact link.
 */
#include <stddef.h>

#include "linker/output.h"

/*
 * Read the program headers of the link's output O.  Returns 1 when a
 * read-only segment holds a whole PAGE and is not congruent, 0 when none
 * does, -1 after a message naming the file.
 */
int lw_congruence_needed(const struct lw_output *o, size_t page);

#endif

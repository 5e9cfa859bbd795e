/* SPDX-License-Identifier: MIT */
#ifndef LINKER_HOTALIGN_H
#define LINKER_HOTALIGN_H
/*
 * Whether lld should link an ordered program again with -z
 * separate-code.  lld keeps the file compact: it starts the text
 * segment at the next huge page plus the length of the read-only
 * segment before it (the headers and the rodata), modulo the huge page,
 * so a hot range laid first in the text can cross a huge-page boundary
 * that it would not cross from an aligned start.  -z separate-code
 * starts the text on a huge page, for zeros in the file before and after
 * it (up to a huge page each).  The second link is made only when the
 * hot range, rounded out to whole huge pages, would take fewer of them.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"
#include "linker/argv.h"
#include "linker/output.h"

/*
 * The huge pages of size PAGE that [START, END) would take fewer if the
 * executable PT_LOAD of PH[0..N) holding START began on a PAGE boundary,
 * the sections before START in it unchanged: 0 when it already begins on
 * one, or no executable segment holds START.  Pure.
 */
size_t lw_hotalign_saves(const struct hl_phdr *ph, size_t n, uint64_t start,
			 uint64_t end, size_t page);

/*
 * Read the link's output O: 1 when the functions NAMES would take fewer
 * huge pages of size PAGE from an aligned text (lw_hotalign_saves), 0
 * when not or when none of them is there, -1 after a message naming the
 * file.
 */
int lw_hotalign_needed(const struct lw_output *o, const struct lw_argv *names,
		       size_t page);

#endif

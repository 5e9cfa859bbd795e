/* SPDX-License-Identifier: MIT */
#ifndef LINKER_SCRIPT_H
#define LINKER_SCRIPT_H
/*
 * Huge-page linker scripts for GNU ld, made from GNU ld's own default
 * script (the text "ld --verbose" prints between its "=====" lines) so
 * that nothing it places (TLS, RELRO, GNU_PROPERTY, .gnu.hash, ...) is
 * lost.  Page sizes are in bytes, powers of two.
 */
#include <stddef.h>

enum lw_script_kind {
	/*
	 * Every loadable segment starts on a huge page of its own and RELRO
	 * ends on one.  Text-side alignment uses TEXT_PAGE; RELRO's end and
	 * everything after it DATA_PAGE.  When DATA_PAGE is larger, data and
	 * bss start a segment of their own on a DATA_PAGE boundary.
	 */
	LW_SCRIPT_ALIGN,
	/*
	 * The default layout, except that .bss starts a segment of its own
	 * on a DATA_PAGE boundary (TEXT_PAGE is not used).
	 */
	LW_SCRIPT_BSS,
};

/*
 * Make the script from VERBOSE, the output of "ld --verbose".  Returns a
 * malloc'd string, or NULL after a message saying what is missing.
 */
char *lw_script_make(const char *verbose, enum lw_script_kind kind,
		     size_t text_page, size_t data_page);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LINKER_LAYOUT_H
#define LINKER_LAYOUT_H
/*
 * How the real linker is asked for the huge-page layout, decided from the
 * options, the linker and the target alone.  Pure: no I/O.
 */
#include <stdbool.h>
#include <stddef.h>

#include "linker/edit.h"
#include "linker/options.h"
#include "linker/realld.h"

enum lw_method {
	LW_METHOD_NONE,		/* no layout: the arguments pass as they are */
	LW_METHOD_GENERATE,	/* GNU ld: a script made from its default */
	LW_METHOD_SCRIPT,	/* GNU ld: an installed B or BDT script */
	LW_METHOD_ZOPTS,	/* -z max-page-size (lld, mold, gold, -T) */
};

struct lw_layout {
	enum lw_method method;
	size_t page;		/* P: RELRO's end, data and bss */
	size_t text_page;	/* headers, text, rodata (P unless P is
				   above the architecture's default) */
	bool common_page;	/* ZOPTS: -z common-page-size too */
	bool separate_code;	/* ZOPTS: -z separate-code too, so that lld
				   starts the text on a huge page
				   (linker/hotalign.h) */
	bool congruent;		/* GENERATE: -z max-page-size=text_page too,
				   so that file offsets agree with addresses
				   modulo the huge page (linker/congruent.h) */
	char script_name[80];	/* SCRIPT: "<emulation>.x[d|s][w]<B|BDT>" */
	struct lw_edit edit;	/* the post-link edit */
};

/*
 * Decide L for options O, linker flavour FL and target EMULATION (NULL or
 * "" when unknown).  Returns 0, or -1 after a message naming the problem.
 */
int lw_layout_decide(const struct lw_opts *o, enum lw_flavour fl,
		     const char *emulation, struct lw_layout *l);

#endif

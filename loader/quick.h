/* SPDX-License-Identifier: MIT */
#ifndef LOADER_QUICK_H
#define LOADER_QUICK_H
/*
 * A start served from the page cache without a pass.  The pass
 * (loader/pass.h) is general: it keeps a state for later passes, reads
 * every variable, walks the loaded objects twice, and reports.  In the
 * commonest start of a relinked program, all that ends in the page
 * cache serving the program's text, with nothing to say, and its cost
 * is a measurable part of the start (doc/bench.md, part j).  This start
 * does only what that outcome needs, and takes it only where the pass
 * would have come to the same:
 *
 *  - the environment holds one variable of ours, HUGETLB_ELFMAP=R,
 *    honoured (no AT_SECURE): the defaults for every other one;
 *  - the program's copy of the runtime runs it at start-up, before any
 *    pass, and the kernel loaded the program;
 *  - every other loaded object is plainly left alone
 *    (ldr_object_plainly_left), under the page sizes a pass would plan
 *    with (loader/sizes.h), and the kernel has huge pages;
 *  - the program's plan moves read-only ranges only, with nothing to
 *    say of the rest (ldr_move_plan_quiet), and the page cache serves
 *    them all at once (ldr_filetext_serve_at_once).
 *
 * What the pass would have kept for the next is kept in a struct
 * ldr_quick, from which the first pass after it makes its state: the
 * configuration is hl_config_r_alone, fd 2 is as noted here, and the
 * program has been looked at.
 */
#include <stdbool.h>
#include <stdint.h>

#include "core/config.h"
#include "remap/remap.h"

enum ldr_quick_result {
	LDR_QUICK_NOT,		/* not taken: nothing was done */
	LDR_QUICK_SERVED,	/* the program is served; Q holds what a pass
				   would have kept */
	LDR_QUICK_PROBED,	/* not served at once: the ranges were advised
				   and probed, and a pass must measure them */
};

struct ldr_quick {
	bool served;
	struct remap_stderr err;	/* fd 2 as noted */
	uintptr_t bias;			/* the program, looked at */
	const void *phdr;
};

/*
 * Try the start described above.  It is taken under hl_config_r_alone
 * (core/config.h), the configuration a pass would have read.
 */
enum ldr_quick_result ldr_quick_start(struct ldr_quick *q);

#endif

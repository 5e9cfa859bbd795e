/* SPDX-License-Identifier: MIT */
#ifndef LINKER_CMDLINE_H
#define LINKER_CMDLINE_H
/*
 * The real linker's command line: the user's arguments, unchanged and in
 * order, plus what the layout and the runtime need.  Pure: no I/O.
 */
#include <stdbool.h>

#include "linker/argv.h"
#include "linker/layout.h"
#include "linker/options.h"

struct lw_cmdline {
	const struct lw_layout *layout;
	const char *script;	/* the -T script (GENERATE, SCRIPT) */
	const char *runtime;	/* libhugelink.so or .a, NULL for none */
	bool archive;		/* RUNTIME is the static archive */
	const char *rpath;	/* the runtime's directory, NULL for none */
	const char *hot_note;	/* the hot note's object, NULL for none */
	const char *order_arg;	/* the linker's ordering option, or NULL */
};

/* Append the real linker's arguments for O and P to OUT.  Returns 0, or
 * -1 when memory runs out. */
int lw_cmdline_args(const struct lw_opts *o, const struct lw_cmdline *p,
		 struct lw_argv *out);

#endif

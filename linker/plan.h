#ifndef HL_PLAN_H
#define HL_PLAN_H
/*
 * The real linker's command line: the user's arguments, unchanged and in
 * order, plus what the layout and the runtime need.  Pure: no I/O.
 */
#include <stdbool.h>

#include "linker/argv.h"
#include "linker/layout.h"
#include "linker/options.h"

struct hl_plan {
	const struct hl_layout *layout;
	const char *script;	/* the -T script (GENERATE, SCRIPT) */
	const char *runtime;	/* libhugelink.so or .a, NULL for none */
	bool archive;		/* RUNTIME is the static archive */
	const char *rpath;	/* the runtime's directory, NULL for none */
};

/* Append the real linker's arguments for O and P to OUT.  Returns 0, or
 * -1 when memory runs out. */
int hl_plan_args(const struct hl_opts *o, const struct hl_plan *p,
		 struct hl_argv *out);

#endif

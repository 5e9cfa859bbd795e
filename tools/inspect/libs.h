/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_LIBS_H
#define TOOLS_INSPECT_LIBS_H
/*
 * What each shared library of a program would get: the libraries found
 * as glibc's dynamic loader would find them (LD_PRELOAD, then DT_NEEDED,
 * breadth first, each searched through tools/inspect/search.h, then
 * /etc/ld.so.cache and the default directories), never by running the
 * program; and for each, what the runtime makes of it
 * (core/object.h) and its plan, as for the program.
 */
#include <stdbool.h>
#include <stddef.h>

#include "core/backing.h"
#include "core/object.h"
#include "core/plan.h"
#include "elf/dynamic.h"
#include "elf/file.h"
#include "elf/link.h"

struct inspect_report;

/* One library, found or not. */
struct inspect_lib {
	char *name;			/* as DT_NEEDED or LD_PRELOAD
					   names it */
	char *path;			/* where it would be found, or NULL */
	const char *from;		/* how it was found, for the report */
	int needer;			/* the library that needs it, or -1 */
	bool opened;			/* elf, link and dyn hold it */
	struct el_file elf;
	struct el_linkage link;
	struct el_dynamic dyn;
	char *origin;			/* its directory, for $ORIGIN */
	enum hl_lib_kind kind;
	bool relinked;			/* laid out for huge pages */
	bool spans_page;		/* a segment of it asked for spans
					   one of its huge pages: forcing
					   can move its interior */
	bool moves;			/* the runtime would move some of it */
	struct hl_plan plan;
	bool plan_ok;
	uintptr_t bias;			/* the load bias assumed */
	struct hl_backing_choice backing[HL_MAX_SEGS];
};

struct inspect_libs {
	bool gathered;			/* the program is dynamic: we looked */
	struct inspect_lib *lib;		/* in load order */
	size_t n;
	const char *acting;		/* which runtime would move them,
					   or NULL */
	bool acts;			/* ... and whether it moves libraries */
};

/*
 * Find and judge the libraries of the program R describes, whose file
 * is PATH, under the environment GET reads (LD_LIBRARY_PATH, LD_PRELOAD,
 * HUGELINK_LIBS, ...).  Files that cannot be read are reported as not
 * found.  Returns 0, or -1 after a warning when memory runs out.
 * Release with inspect_libs_free either way.
 */
int inspect_libs_gather(struct inspect_libs *ls, const struct inspect_report *r,
		   const char *path, hl_getenv_fn *get, void *ctx);

void inspect_libs_free(struct inspect_libs *ls);

/* The words for a library's kind, for the report. */
const char *inspect_lib_text(const struct inspect_lib *l);

#endif

/*
 * Building the real linker's command line.
 *
 * The runtime goes in before the C library, because in a static link its
 * references to libc must be resolved by the archives that follow, and
 * inside --push-state/--pop-state so that the surrounding flags stay as
 * the user set them.  The shared runtime is linked --no-as-needed: it is
 * referenced by nothing, and Debian's default --as-needed would drop it.
 * Everything else goes last, but before a "--" (after which the real
 * linker reads only file names).
 */
#include <stdio.h>
#include <string.h>

#include "linker/cmdline.h"

/* Where the runtime goes: before the first -lc or --start-group. */
static size_t runtime_slot(const struct lw_opts *o)
{
	for (size_t i = 0; i < o->options_end; i++) {
		const char *a = o->rest.v[i];

		if (strcmp(a, "-lc") == 0 || strcmp(a, "--start-group") == 0 ||
		    strcmp(a, "-(") == 0)
			return i;
	}
	return o->options_end;
}

static int add_runtime(const struct lw_opts *o, const struct lw_cmdline *p,
		       struct lw_argv *out, size_t base)
{
	char *const v[] = {
		"--push-state",
		p->archive ? "--whole-archive" : "--no-as-needed",
		(char *)p->runtime,
		"--pop-state",
	};

	return lw_argv_insert(out, base + runtime_slot(o), v, 4);
}

/* Append the layout's own options to TAIL. */
static int layout_args(const struct lw_cmdline *p, struct lw_argv *tail)
{
	const struct lw_layout *l = p->layout;
	char max[64], common[64];

	switch (l->method) {
	case LW_METHOD_GENERATE:
	case LW_METHOD_SCRIPT:
		return lw_argv_pushv(tail, (char *const[]){ "-T",
				     (char *)p->script }, 2);
	case LW_METHOD_ZOPTS:
		snprintf(max, sizeof(max), "max-page-size=0x%zx", l->page);
		snprintf(common, sizeof(common), "common-page-size=0x%zx",
			 l->page);
		return lw_argv_pushv(tail, (char *const[]){ "-z", max,
				     "-z", common }, l->common_page ? 4 : 2);
	case LW_METHOD_NONE:
		break;
	}
	return 0;
}

int lw_cmdline_args(const struct lw_opts *o, const struct lw_cmdline *p,
		 struct lw_argv *out)
{
	struct lw_argv tail = { 0 };
	size_t base = out->n;
	int rc;

	rc = lw_argv_pushv(out, o->rest.v, o->rest.n);
	if (rc == 0 && p->runtime)
		rc = add_runtime(o, p, out, base);
	if (rc == 0 && p->rpath)
		rc = lw_argv_pushv(&tail, (char *const[]){ "-rpath",
				   (char *)p->rpath }, 2);
	if (rc == 0)
		rc = layout_args(p, &tail);
	/* The runtime (4 arguments) went in before options_end. */
	if (rc == 0)
		rc = lw_argv_insert(out, base + o->options_end +
				    (p->runtime ? 4 : 0), tail.v, tail.n);
	lw_argv_free(&tail);
	return rc;
}

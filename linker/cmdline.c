/* SPDX-License-Identifier: MIT */
/*
 * Building the real linker's command line.
 *
 * The runtime goes in before the C library, because its references to
 * libc must be resolved by what follows (in a static link, archives are
 * searched once, in order), and inside --push-state/--pop-state so that
 * the surrounding flags stay as the user set them.  Nothing in the
 * program refers to the runtime: the archive's one object is pulled in
 * by its constructor's name (-u ldr_ctor), and not --whole-archive even
 * where the user's own flags say so; the shared runtime is linked
 * --no-as-needed, since Debian's default --as-needed would drop it.
 * Everything else goes last, but before a "--" (after which the real
 * linker reads only file names): the layout's options, the function
 * order's (--symbol-ordering-file for lld, --section-ordering-file for
 * gold) and the object that carries the hot text's note.  An output that
 * carries the runtime gets a build ID, which tells one build from another
 * where file times cannot (HUGETLB_SHARE's names); it goes first, so that
 * the user's own --build-id, later, wins.
 */
#include <stdio.h>
#include <string.h>

#include "elf/link.h"
#include "linker/cmdline.h"
#include "linker/libc.h"

/* Where the runtime goes: before the first argument naming libc
 * (lw_libc_arg), or --start-group. */
static size_t runtime_slot(const struct lw_opts *o)
{
	for (size_t i = 0; i < o->options_end; i++) {
		const char *a = o->rest.v[i];

		if (lw_libc_arg(i ? o->rest.v[i - 1] : NULL, a,
				i + 1 < o->rest.n ? o->rest.v[i + 1] : NULL) ||
		    strcmp(a, "--start-group") == 0 || strcmp(a, "-(") == 0)
			return i;
	}
	return o->options_end;
}

/* Insert the runtime's arguments; *N gets their number. */
static int add_runtime(const struct lw_opts *o, const struct lw_cmdline *p,
		       struct lw_argv *out, size_t base, size_t *n)
{
	char *const archive[] = {
		"--push-state", "--no-whole-archive", "-u", EL_RUNTIME_CTOR,
		(char *)p->runtime, "--pop-state",
	};
	char *const shared[] = {
		"--push-state", "--no-as-needed", (char *)p->runtime,
		"--pop-state",
	};

	*n = p->archive ? 6 : 4;
	return lw_argv_insert(out, base + runtime_slot(o),
			      p->archive ? archive : shared, *n);
}

/* Append the layout's own options to TAIL. */
static int layout_args(const struct lw_cmdline *p, struct lw_argv *tail)
{
	const struct lw_layout *l = p->layout;
	char max[64], common[64];

	switch (l->method) {
	case LW_METHOD_GENERATE:
		snprintf(max, sizeof(max), "max-page-size=0x%zx",
			 l->text_page);
		return lw_argv_pushv(tail, (char *const[]){ "-T",
				     (char *)p->script, "-z", max },
				     l->congruent ? 4 : 2);
	case LW_METHOD_SCRIPT:
		return lw_argv_pushv(tail, (char *const[]){ "-T",
				     (char *)p->script }, 2);
	case LW_METHOD_ZOPTS:
		snprintf(max, sizeof(max), "max-page-size=0x%zx", l->page);
		snprintf(common, sizeof(common), "common-page-size=0x%zx",
			 l->page);
		if (l->separate_code &&
		    lw_argv_pushv(tail, (char *const[]){ "-z",
				  "separate-code" }, 2) < 0)
			return -1;
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
	size_t base = out->n, n = 0;
	int rc;

	if (p->runtime) {
		rc = lw_argv_push(out, "--build-id");
		base = out->n;
	} else {
		rc = 0;
	}
	if (rc == 0)
		rc = lw_argv_pushv(out, o->rest.v, o->rest.n);
	if (rc == 0 && p->runtime)
		rc = add_runtime(o, p, out, base, &n);
	if (rc == 0 && p->rpath)
		rc = lw_argv_pushv(&tail, (char *const[]){ "-rpath",
				   (char *)p->rpath }, 2);
	if (rc == 0)
		rc = layout_args(p, &tail);
	if (rc == 0 && p->order_arg)
		rc = lw_argv_push(&tail, p->order_arg);
	if (rc == 0 && p->hot_note)
		rc = lw_argv_push(&tail, p->hot_note);
	/* The runtime (N arguments) went in before options_end. */
	if (rc == 0)
		rc = lw_argv_insert(out, base + o->options_end + n, tail.v,
				    tail.n);
	lw_argv_free(&tail);
	return rc;
}

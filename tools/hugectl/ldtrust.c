/* SPDX-License-Identifier: MIT */
/*
 * Whether the loader's list can be believed: see ldtrust.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "elf/dynamic.h"
#include "tools/hugectl/ldtrust.h"

#define SHOWN_MAX 48	/* bytes of a bad string put in the reason */

static bool has_control(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

/* Check S, WHAT of OWNER.  Returns 0, or -1 with WHY. */
static int clean(const char *owner, const char *what, const char *s,
		 char *why, size_t len)
{
	if (!has_control(s))
		return 0;
	snprintf(why, len, "%s: %s \"%.*s%s\" holds a control character, "
		 "which the loader prints raw", owner, what, SHOWN_MAX, s,
		 strlen(s) > SHOWN_MAX ? "..." : "");
	return -1;
}

/* The strings of F's dynamic section the loader prints from; a section
 * that cannot be read could hold any. */
static int dynamic_clean(const struct el_file *f, const char *owner,
			 char *why, size_t len)
{
	struct el_dynamic d = { 0 };
	int rc = 0;

	if (el_dynamic_read(f, &d)) {
		snprintf(why, len, "%s: its dynamic section cannot be read "
			 "(%s), so what the loader prints of it is not known",
			 owner, d.why);
		rc = -1;
	}
	for (size_t i = 0; !rc && i < d.nneeded; i++)
		rc = clean(owner, "its DT_NEEDED entry", d.needed[i], why, len);
	if (!rc)
		rc = clean(owner, "its DT_RPATH", d.rpath, why, len);
	if (!rc)
		rc = clean(owner, "its DT_RUNPATH", d.runpath, why, len);
	el_dynamic_free(&d);
	return rc;
}

/* The library at PATH, found by the loader: one hugectl cannot read
 * could hold any string. */
static int library_clean(const char *path, char *why, size_t len)
{
	struct el_file f = { .fd = -1 };
	int rc;

	if (el_open_quiet(&f, path, path)) {
		snprintf(why, len, "%s: hugectl cannot read it (%s), so what "
			 "the loader prints of it is not known", path, f.why);
		rc = -1;
	} else {
		rc = dynamic_clean(&f, path, why, len);
	}
	el_close(&f);
	return rc;
}

int ctl_ldlist_trusted(const struct ctl_ldlist *l, const struct el_file *prog,
		       const char *interp, const char *real, const char *ldpath,
		       const char *preload, char *why, size_t len)
{
	if (clean("LD_LIBRARY_PATH", "its value", ldpath, why, len) ||
	    clean("LD_PRELOAD", "its value", preload, why, len) ||
	    clean(real, "its path", real, why, len) ||
	    clean(real, "its PT_INTERP", interp, why, len) ||
	    dynamic_clean(prog, real, why, len))
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		const struct ctl_loaded *o = &l->lib[i];

		if (clean(o->name, "the name listed", o->name, why, len) ||
		    clean(o->name, "the path listed", o->path, why, len) ||
		    (o->path && library_clean(o->path, why, len)))
			return -1;
	}
	return 0;
}

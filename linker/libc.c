/* SPDX-License-Identifier: MIT */
/*
 * Whether libc is on the link: see libc.h.  A name counts as libc's by
 * the file name the linker would open, so that libc named by its path
 * (hand-written links) or by -l:FILE counts as -lc does.
 */
#include <string.h>

#include "linker/libc.h"

/* True when NAME, a file name without its directory, is libc's. */
static bool libc_file(const char *name)
{
	return strcmp(name, "libc.a") == 0 || strcmp(name, "libc.so") == 0 ||
	       strncmp(name, "libc.so.", 8) == 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* True when LIB, the name -l takes, is libc's. */
static bool libc_lib(const char *lib)
{
	return lib && (strcmp(lib, "c") == 0 ||
		       (lib[0] == ':' && libc_file(lib + 1)));
}

bool lw_libc_arg(const char *prev, const char *a, const char *next)
{
	if (strcmp(a, "-l") == 0 || strcmp(a, "--library") == 0)
		return libc_lib(next);
	if (strncmp(a, "--library=", 10) == 0)
		return libc_lib(a + 10);
	if (strncmp(a, "-l", 2) == 0)
		return libc_lib(a + 2);
	return a[0] != '-' && (!prev || prev[0] != '-') &&
	       libc_file(base_name(a));
}

bool lw_libc_linked(const struct lw_opts *o)
{
	for (size_t i = 0; i < o->libs.n; i++) {
		const char *l = o->libs.v[i];

		if (libc_lib(l))
			return true;
	}
	for (size_t i = 0; i < o->inputs.n; i++)
		if (libc_file(base_name(o->inputs.v[i])))
			return true;
	return false;
}

bool lw_libc_meets_runtime(const struct lw_opts *o)
{
	return lw_libc_linked(o) || (o->kind == LW_KIND_SHARED && !o->zdefs);
}

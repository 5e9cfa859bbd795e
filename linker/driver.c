/* SPDX-License-Identifier: MIT */
/*
 * The compiler driver and its search options: see driver.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker/driver.h"

enum lw_driver lw_driver_of(const char *collect_gcc, const char *parent_exe)
{
	const char *base;

	if (collect_gcc && *collect_gcc)
		return LW_DRIVER_GCC;
	if (!parent_exe)
		return LW_DRIVER_NONE;
	base = strrchr(parent_exe, '/');
	base = base ? base + 1 : parent_exe;
	return strncmp(base, "clang", 5) == 0 ? LW_DRIVER_CLANG :
	       LW_DRIVER_NONE;
}

/* The value of option A when it is NAME with a joined value (NAME=V, or
 * NAMEV when JOINED), else NULL. */
static const char *joined(const char *a, const char *name, bool eq)
{
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0 || !a[n])
		return NULL;
	if (eq)
		return a[n] == '=' ? a + n + 1 : NULL;
	return a + n;
}

/* Append PREFIX followed by VALUE to OUT. */
static int push_joined(struct lw_argv *out, const char *prefix,
		       const char *value)
{
	char *s;
	int rc;

	if (asprintf(&s, "%s%s", prefix, value) < 0)
		return -1;
	rc = lw_argv_push(out, s);
	free(s);
	return rc;
}

/*
 * Note option A, followed by NEXT (NULL at the end).  Returns the number
 * of arguments used, or -1 when memory runs out.
 */
static int take(const char *a, const char *next, struct lw_argv *out)
{
	const char *v;

	if ((strcmp(a, "-B") == 0 || strcmp(a, "--prefix") == 0) && next)
		return push_joined(out, "-B", next) < 0 ? -1 : 2;
	if ((strcmp(a, "-target") == 0 || strcmp(a, "--target") == 0) && next)
		return push_joined(out, "--target=", next) < 0 ? -1 : 2;
	if ((v = joined(a, "-B", false)) || (v = joined(a, "--prefix", true)))
		return push_joined(out, "-B", v) < 0 ? -1 : 1;
	if ((v = joined(a, "--target", true)))
		return push_joined(out, "--target=", v) < 0 ? -1 : 1;
	if (joined(a, "--gcc-toolchain", true))
		return lw_argv_push(out, a) < 0 ? -1 : 1;
	return 1;
}

int lw_driver_args(const char *cmdline, size_t len, struct lw_argv *out)
{
	const char *end = cmdline + len, *a;

	/* The program name is not an option; a last argument without its
	 * NUL (a cut-off read) is not used. */
	a = memchr(cmdline, '\0', len);
	for (a = a ? a + 1 : end; a < end; ) {
		const char *nul = memchr(a, '\0', (size_t)(end - a));

		if (!nul)
			break;
		if (lw_argv_push(out, a) < 0)
			return -1;
		a = nul + 1;
	}
	return 0;
}

int lw_driver_search_args(const struct lw_argv *args, struct lw_argv *out)
{
	for (size_t i = 0; i < args->n; ) {
		int used = take(args->v[i],
				i + 1 < args->n ? args->v[i + 1] : NULL, out);

		if (used < 0)
			return -1;
		i += (size_t)used;
	}
	return 0;
}

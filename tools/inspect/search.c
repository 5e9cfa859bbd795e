/* SPDX-License-Identifier: MIT */
/*
 * The dynamic loader's search order: see search.h.
 */
#include <stdio.h>
#include <string.h>

#include "tools/inspect/search.h"

#define DIR_MAX 4096

/* The token at P, if any: its length, and the length of its name. */
static size_t token(const char *p, size_t left, size_t *name)
{
	if (left > 1 && p[1] == '{') {
		const char *end = memchr(p, '}', left);

		*name = end ? (size_t)(end - p) - 2 : 0;
		return end ? (size_t)(end - p) + 1 : 0;
	}
	*name = 0;
	while (*name + 1 < left && (p[*name + 1] == '_' ||
	       (p[*name + 1] >= 'A' && p[*name + 1] <= 'Z')))
		(*name)++;
	return *name + 1;
}

int inspect_search_expand(const char *entry, size_t len, const char *origin,
		     char *out, size_t outlen)
{
	size_t used = 0, olen = strlen(origin);

	for (size_t i = 0; i < len; ) {
		size_t name, t = entry[i] == '$' ?
				 token(entry + i, len - i, &name) : 0;
		const char *what = entry + i +
				   (t && entry[i + 1] == '{' ? 2 : 1);

		if (entry[i] == '$' &&
		    !(name == 6 && !memcmp(what, "ORIGIN", 6)))
			return -1;
		if (entry[i] == '$') {
			if (used + olen >= outlen)
				return -1;
			memcpy(out + used, origin, olen);
			used += olen;
			i += t;
			continue;
		}
		if (used + 1 >= outlen)
			return -1;
		out[used++] = entry[i++];
	}
	out[used] = '\0';
	return 0;
}

int inspect_search_dir(const char *dir, enum inspect_search_from from,
		  const struct inspect_hwcaps *hw, inspect_search_fn *fn,
		  void *ctx)
{
	const char *sep = strcmp(dir, "/") ? "/" : "";
	char sub[DIR_MAX];
	int rc;

	for (size_t i = 0; i < hw->n; i++) {
		if ((size_t)snprintf(sub, sizeof(sub), "%s%sglibc-hwcaps/%s",
				     dir, sep, hw->name[i]) >= sizeof(sub))
			continue;
		rc = fn(sub, from, ctx);
		if (rc)
			return rc;
	}
	return fn(dir, from, ctx);
}

/* Each entry of the ':'-separated LIST, expanded with ORIGIN. */
static int each_entry(const char *list, const char *origin,
		      enum inspect_search_from from,
		      const struct inspect_hwcaps *hw, inspect_search_fn *fn,
		      void *ctx)
{
	char dir[DIR_MAX];
	int rc;

	for (const char *p = list; p && *p;
	     p += strcspn(p, ":"), p += *p == ':') {
		size_t n = strcspn(p, ":");

		if (!n || inspect_search_expand(p, n, origin ? origin : "", dir,
					   sizeof(dir)))
			continue;
		for (n = strlen(dir); n > 1 && dir[n - 1] == '/'; n--)
			dir[n - 1] = '\0';
		rc = inspect_search_dir(dir, from, hw, fn, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

int inspect_search_each(const struct inspect_search_obj *chain, size_t n,
		   const char *ldpath, const struct inspect_hwcaps *hw,
		   inspect_search_fn *fn, void *ctx)
{
	const struct inspect_search_obj *prog = &chain[n - 1];
	int rc = 0;

	if (!chain[0].runpath) {
		for (size_t i = 0; i < n && !rc; i++)
			if (!chain[i].runpath)
				rc = each_entry(chain[i].rpath, chain[i].origin,
						INSPECT_FROM_RPATH, hw, fn,
						ctx);
	}
	if (!rc && ldpath)
		rc = each_entry(ldpath, prog->origin,
				INSPECT_FROM_LD_LIBRARY_PATH, hw, fn, ctx);
	if (!rc && chain[0].runpath)
		rc = each_entry(chain[0].runpath, chain[0].origin,
				INSPECT_FROM_RUNPATH, hw, fn, ctx);
	return rc;
}

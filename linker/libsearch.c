/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "linker/libsearch.h"

/* DIR/NAME when it is readable; NULL otherwise, or when memory runs out
 * (*OOM says which). */
static char *readable(const char *dir, const char *name, bool *oom)
{
	char *path;

	if (asprintf(&path, "%s/%s", dir, name) < 0) {
		*oom = true;
		return NULL;
	}
	if (access(path, R_OK) == 0)
		return path;
	free(path);
	return NULL;
}

/* The archive LIB resolves to, or NULL (a shared library, or none). */
static char *find_one(const char *lib, const struct lw_argv *dirs,
		      bool is_static, bool *oom)
{
	char so[4096], a[4096];
	const bool exact = lib[0] == ':';

	snprintf(so, sizeof(so), "lib%s.so", lib);
	snprintf(a, sizeof(a), exact ? "%s" : "lib%s.a", exact ? lib + 1 : lib);
	for (size_t i = 0; i < dirs->n && !*oom; i++) {
		char *path;

		if (!exact && !is_static &&
		    (path = readable(dirs->v[i], so, oom))) {
			free(path);
			return NULL;
		}
		if ((path = readable(dirs->v[i], a, oom)))
			return path;
	}
	return NULL;
}

int lw_libsearch(const struct lw_argv *libs, const struct lw_argv *dirs,
		 bool is_static, struct lw_argv *out)
{
	bool oom = false;

	for (size_t i = 0; i < libs->n; i++) {
		char *path = find_one(libs->v[i], dirs, is_static, &oom);

		if (oom)
			return -1;
		if (path && lw_argv_push(out, path) < 0) {
			free(path);
			return -1;
		}
		free(path);
	}
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * The install tree from /proc/self/exe and the relative paths the build
 * compiled in (machine/relpaths.h).  The path work is kept apart from the
 * read, so that it can be tested on plain strings.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "machine/dirs.h"
#include "machine/relpaths.h"

/* Append the component C (N bytes) to OUT, which ends at *END. */
static void push(char *out, size_t *end, const char *c, size_t n)
{
	if (n == 0 || (n == 1 && c[0] == '.'))
		return;
	if (n == 2 && c[0] == '.' && c[1] == '.') {
		while (*end > 0 && out[--*end] != '/')
			;
		out[*end] = '\0';
		return;
	}
	out[(*end)++] = '/';
	memcpy(out + *end, c, n);
	*end += n;
	out[*end] = '\0';
}

/* Append every component of PATH to OUT. */
static void push_all(char *out, size_t *end, const char *path)
{
	for (const char *p = path; *p; p += strspn(p, "/")) {
		size_t n = strcspn(p, "/");

		push(out, end, p, n);
		p += n;
	}
}

char *mach_dirs_join(const char *dir, const char *rel)
{
	char *out = malloc(strlen(dir) + strlen(rel) + 3);
	size_t end = 0;

	if (!out)
		return NULL;
	out[0] = '\0';
	push_all(out, &end, dir);
	push_all(out, &end, rel);
	if (end == 0)
		strcpy(out, "/");
	return out;
}

char *mach_dirs_cross_lib(const char *pattern, const char *multiarch)
{
	size_t n = strlen(multiarch), marks = 0;
	char *out, *o;

	for (const char *p = pattern; *p; p++)
		marks += *p == '%';
	out = malloc(strlen(pattern) + marks * n + 1);
	if (!out)
		return NULL;
	o = out;
	for (const char *p = pattern; *p; p++) {
		if (*p != '%') {
			*o++ = *p;
			continue;
		}
		memcpy(o, multiarch, n);
		o += n;
	}
	*o = '\0';
	return out;
}

int mach_dirs_find(struct mach_dirs *d)
{
	char *exe = realpath("/proc/self/exe", NULL), *slash;

	memset(d, 0, sizeof(*d));
	if (!exe) {
		warn("/proc/self/exe");
		return -1;
	}
	slash = strrchr(exe, '/');
	*slash = '\0';
	d->bin = mach_dirs_join(exe, ".");
	d->lib = mach_dirs_join(exe, MACH_BIN_TO_LIB);
	d->cross_lib = mach_dirs_join(exe, MACH_BIN_TO_CROSS_LIB);
	d->data = mach_dirs_join(exe, MACH_BIN_TO_DATA);
	free(exe);
	if (!d->bin || !d->lib || !d->cross_lib || !d->data) {
		warn("finding the install tree");
		mach_dirs_free(d);
		return -1;
	}
	return 0;
}

void mach_dirs_free(struct mach_dirs *d)
{
	free(d->bin);
	free(d->lib);
	free(d->cross_lib);
	free(d->data);
	d->bin = d->lib = d->cross_lib = d->data = NULL;
}

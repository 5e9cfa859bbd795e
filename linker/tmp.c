/*
 * The per-link temporary directory.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "linker/tmp.h"

static char *path_in(const char *dir, const char *name)
{
	char *s;

	return asprintf(&s, "%s/%s", dir, name) < 0 ? NULL : s;
}

int lw_tmp_create(struct lw_tmp *t)
{
	const char *base = getenv("TMPDIR");

	if (!base || !*base)
		base = "/tmp";
	t->dir = path_in(base, "hugetlbfs-ld.XXXXXX");
	if (!t->dir) {
		warn("temporary directory");
		return -1;
	}
	if (!mkdtemp(t->dir)) {
		warn("%s", t->dir);
		free(t->dir);
		t->dir = NULL;
		return -1;
	}
	t->args = path_in(t->dir, "args");
	t->script = path_in(t->dir, "script");
	if (!t->args || !t->script) {
		warn("temporary directory");
		return -1;
	}
	return 0;
}

int lw_tmp_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "wx");

	if (!f) {
		warn("%s", path);
		return -1;
	}
	fputs(text, f);
	if (fclose(f) != 0) {
		warn("%s", path);
		return -1;
	}
	return 0;
}

void lw_tmp_remove(struct lw_tmp *t)
{
	if (t->dir) {
		if (t->args)
			unlink(t->args);
		if (t->script)
			unlink(t->script);
		rmdir(t->dir);
	}
	free(t->args);
	free(t->script);
	free(t->dir);
	t->dir = t->args = t->script = NULL;
}

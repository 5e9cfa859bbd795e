/* SPDX-License-Identifier: MIT */
/*
 * The loader's own list of a program's libraries: see ldlist.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine/runout.h"
#include "tools/hugectl/ldlist.h"

#define LIST_MAX (4u << 20)	/* bytes of list read at most */
#define LIST_SECONDS 10

/* Add NAME (N bytes) and PATH (P bytes; NULL: not found) to L. */
static int add(struct ctl_ldlist *l, const char *name, size_t n,
	       const char *path, size_t p)
{
	struct ctl_loaded *grown = realloc(l->lib, (l->n + 1) * sizeof(*grown));

	if (!grown)
		return -1;
	l->lib = grown;
	grown[l->n].name = strndup(name, n);
	grown[l->n].path = path ? strndup(path, p) : NULL;
	if (!grown[l->n].name || (path && !grown[l->n].path)) {
		free(grown[l->n].name);
		free(grown[l->n].path);
		return -1;
	}
	l->n++;
	return 0;
}

/* The length of LINE (N bytes) without its " (0x...)" address. */
static size_t before_address(const char *line, size_t n)
{
	for (size_t i = n; i >= 4; i--)
		if (!memcmp(line + i - 4, " (0x", 4))
			return i - 4;
	return n;
}

static int parse_line(struct ctl_ldlist *l, const char *line, size_t n)
{
	const char *arrow, *path;
	size_t name, p;

	while (n && (*line == '\t' || *line == ' ')) {
		line++;
		n--;
	}
	arrow = memmem(line, n, " => ", 4);
	if (!arrow) {
		n = before_address(line, n);
		if (n == 0 || !memchr(line, '/', n))
			return 0;
		return add(l, line, n, line, n);
	}
	name = (size_t)(arrow - line);
	path = arrow + 4;
	p = n - name - 4;
	if (p == 9 && !memcmp(path, "not found", 9))
		return add(l, line, name, NULL, 0);
	p = before_address(path, p);
	if (p == 0 || path[0] != '/')
		return 0;
	return add(l, line, name, path, p);
}

int ctl_ldlist_parse(struct ctl_ldlist *l, const char *text)
{
	while (*text) {
		size_t n = strcspn(text, "\n");

		if (parse_line(l, text, n))
			return -1;
		text += n + (text[n] == '\n');
	}
	return 0;
}

/* Add "NAME=value" to ENVP[*N] when VALUE is not NULL.  Returns 0, or
 * -1 when memory runs out. */
static int env_add(char **envp, int *n, const char *name, const char *value)
{
	if (!value)
		return 0;
	if (asprintf(&envp[*n], "%s=%s", name, value) < 0)
		return -1;
	(*n)++;
	return 0;
}

int ctl_ldlist_run(struct ctl_ldlist *l, const char *ldso, const char *prog,
		   const char *ldpath, const char *preload,
		   const char *tunables, char *why, size_t len)
{
	char *const argv[] = {
		(char *)ldso, (char *)"--list", (char *)prog, NULL
	};
	char *envp[4] = { NULL }, *text = NULL;
	int n = 0, rc = -1;

	if (env_add(envp, &n, "LD_LIBRARY_PATH", ldpath) ||
	    env_add(envp, &n, "LD_PRELOAD", preload) ||
	    env_add(envp, &n, "GLIBC_TUNABLES", tunables))
		snprintf(why, len, "out of memory");
	else
		text = mach_run_output(ldso, argv, envp, LIST_SECONDS,
				       LIST_MAX, why, len);
	if (text) {
		rc = ctl_ldlist_parse(l, text);
		if (rc)
			snprintf(why, len, "out of memory");
	}
	free(text);
	for (int i = 0; i < n; i++)
		free(envp[i]);
	return rc;
}

void ctl_ldlist_free(struct ctl_ldlist *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->lib[i].name);
		free(l->lib[i].path);
	}
	free(l->lib);
	l->lib = NULL;
	l->n = 0;
}

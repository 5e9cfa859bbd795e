/* SPDX-License-Identifier: MIT */
/*
 * The argument vector that every stage of the wrapper passes along.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "linker/argv.h"

/* Make room for N more strings and the terminating NULL. */
static int reserve(struct lw_argv *a, size_t n)
{
	size_t cap = a->cap ? a->cap : 16;
	char **v;

	if (n > ((size_t)-1 / sizeof(char *)) / 2 - a->n - 1) {
		errno = ENOMEM;
		return -1;
	}
	while (cap < a->n + n + 1)
		cap *= 2;
	if (cap == a->cap)
		return 0;
	v = realloc(a->v, cap * sizeof(*v));
	if (!v)
		return -1;
	a->v = v;
	a->cap = cap;
	return 0;
}

int lw_argv_insert(struct lw_argv *a, size_t at, char *const *v, size_t n)
{
	size_t i;

	if (reserve(a, n) < 0)
		return -1;
	memmove(a->v + at + n, a->v + at, (a->n - at) * sizeof(*a->v));
	for (i = 0; i < n; i++) {
		a->v[at + i] = strdup(v[i]);
		if (!a->v[at + i])
			goto out_undo;
	}
	a->n += n;
	a->v[a->n] = NULL;
	return 0;

out_undo:
	while (i--)
		free(a->v[at + i]);
	memmove(a->v + at, a->v + at + n, (a->n - at) * sizeof(*a->v));
	a->v[a->n] = NULL;
	return -1;
}

int lw_argv_pushv(struct lw_argv *a, char *const *v, size_t n)
{
	return lw_argv_insert(a, a->n, v, n);
}

int lw_argv_push(struct lw_argv *a, const char *s)
{
	char *const one[] = { (char *)s };

	return lw_argv_insert(a, a->n, one, 1);
}

void lw_argv_remove(struct lw_argv *a, size_t at)
{
	free(a->v[at]);
	memmove(a->v + at, a->v + at + 1, (a->n - at) * sizeof(*a->v));
	a->n--;
}

void lw_argv_free(struct lw_argv *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	a->v = NULL;
	a->n = a->cap = 0;
}

/* SPDX-License-Identifier: MIT */
#ifndef LINKER_ARGV_H
#define LINKER_ARGV_H
/*
 * A growable, NULL-terminated vector of strings the vector owns.  Every
 * function returns 0, or -1 with errno set (ENOMEM) and the vector left
 * as it was.
 */
#include <stddef.h>

struct lw_argv {
	char **v;	/* v[n] is always NULL once anything was added */
	size_t n;
	size_t cap;
};

int lw_argv_push(struct lw_argv *a, const char *s);
int lw_argv_pushv(struct lw_argv *a, char *const *v, size_t n);
int lw_argv_insert(struct lw_argv *a, size_t at, char *const *v, size_t n);
/* Drop (and free) the string at AT; cannot fail. */
void lw_argv_remove(struct lw_argv *a, size_t at);
void lw_argv_free(struct lw_argv *a);

#endif

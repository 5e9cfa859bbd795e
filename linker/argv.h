#ifndef HL_ARGV_H
#define HL_ARGV_H
/*
 * A growable, NULL-terminated vector of strings the vector owns.  Every
 * function returns 0, or -1 with errno set (ENOMEM) and the vector left
 * as it was.
 */
#include <stddef.h>

struct hl_argv {
	char **v;	/* v[n] is always NULL once anything was added */
	size_t n;
	size_t cap;
};

int hl_argv_push(struct hl_argv *a, const char *s);
int hl_argv_pushv(struct hl_argv *a, char *const *v, size_t n);
int hl_argv_insert(struct hl_argv *a, size_t at, char *const *v, size_t n);
/* Drop (and free) the string at AT; cannot fail. */
void hl_argv_remove(struct hl_argv *a, size_t at);
void hl_argv_free(struct hl_argv *a);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_PROFILE_NAMES_H
#define TOOLS_PROFILE_NAMES_H
/*
 * A set of names, each numbered in the order it was first added: an
 * open-addressing hash table over copies of the names.  A key is a
 * number (the object a symbol is in, or 0) and a name, since two objects
 * may each have a function of one name.
 */
#include <stddef.h>
#include <stdint.h>

struct pn_names {
	char **name;		/* by number */
	uint32_t *key;		/* the number given with each name */
	size_t n, cap;
	uint32_t *slot;		/* number + 1, or 0 for an empty slot */
	size_t nslot;		/* a power of two */
};

#define PN_NONE UINT32_MAX

/* The number of (KEY, NAME[0..LEN)), added when new; PN_NONE when memory
 * runs out. */
uint32_t pn_intern(struct pn_names *t, uint32_t key, const char *name,
		   size_t len);

/* The number of (KEY, NAME), or PN_NONE when it was never added. */
uint32_t pn_find(const struct pn_names *t, uint32_t key, const char *name);

void pn_free(struct pn_names *t);

#endif

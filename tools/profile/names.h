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

struct pf_names {
	char **name;		/* by number */
	uint32_t *key;		/* the number given with each name */
	size_t n, cap;
	uint32_t *slot;		/* number + 1, or 0 for an empty slot */
	size_t nslot;		/* a power of two */
};

#define PF_NO_NAME UINT32_MAX

/* The number of (KEY, NAME[0..LEN)), added when new; PF_NO_NAME when
 * memory runs out. */
uint32_t pf_names_intern(struct pf_names *t, uint32_t key, const char *name,
			 size_t len);

/* The number of (KEY, NAME), or PF_NO_NAME when it was never added. */
uint32_t pf_names_find(const struct pf_names *t, uint32_t key,
		       const char *name);

void pf_names_free(struct pf_names *t);

#endif

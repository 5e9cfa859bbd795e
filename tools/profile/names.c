/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "tools/profile/names.h"

static uint64_t hash(uint32_t key, const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ull ^ key;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static size_t probe(const struct pf_names *t, uint32_t key, const char *s,
		    size_t len)
{
	size_t mask = t->nslot - 1, i = hash(key, s, len) & mask;

	for (;; i = (i + 1) & mask) {
		uint32_t v = t->slot[i];

		if (!v || (t->key[v - 1] == key &&
			   !strncmp(t->name[v - 1], s, len) &&
			   t->name[v - 1][len] == '\0'))
			return i;
	}
}

/* Room for one more name, the table kept at most half full. */
static int grow(struct pf_names *t)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;
		char **name = realloc(t->name, cap * sizeof(*name));
		uint32_t *key;

		if (!name)
			return -1;
		t->name = name;
		key = realloc(t->key, cap * sizeof(*key));
		if (!key)
			return -1;
		t->key = key;
		t->cap = cap;
	}
	if (2 * (t->n + 1) > t->nslot) {
		size_t nslot = t->nslot ? 2 * t->nslot : 512;
		struct pf_names bigger = *t;

		bigger.nslot = nslot;
		bigger.slot = calloc(nslot, sizeof(*bigger.slot));
		if (!bigger.slot)
			return -1;
		for (size_t i = 0; i < t->n; i++)
			bigger.slot[probe(&bigger, t->key[i], t->name[i],
					  strlen(t->name[i]))] =
				(uint32_t)i + 1;
		free(t->slot);
		*t = bigger;
	}
	return 0;
}

uint32_t pf_names_intern(struct pf_names *t, uint32_t key, const char *name,
			 size_t len)
{
	size_t i;
	char *copy;

	if (t->nslot && t->slot[i = probe(t, key, name, len)])
		return t->slot[i] - 1;
	if (t->n >= PF_NO_NAME - 1 || grow(t) < 0 ||
	    !(copy = strndup(name, len)))
		return PF_NO_NAME;
	t->name[t->n] = copy;
	t->key[t->n] = key;
	t->slot[probe(t, key, name, len)] = (uint32_t)t->n + 1;
	return (uint32_t)t->n++;
}

uint32_t pf_names_find(const struct pf_names *t, uint32_t key,
		       const char *name)
{
	size_t i;

	if (!t->nslot)
		return PF_NO_NAME;
	i = probe(t, key, name, strlen(name));
	return t->slot[i] ? t->slot[i] - 1 : PF_NO_NAME;
}

void pf_names_free(struct pf_names *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->name[i]);
	free(t->name);
	free(t->key);
	free(t->slot);
	*t = (struct pf_names){ 0 };
}

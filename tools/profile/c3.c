/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdlib.h>

#include "tools/profile/c3.h"

#define NONE UINT32_MAX

/* The clusters, as linked lists of functions; each is named by its head. */
struct clusters {
	const struct pf_c3_func *f;
	uint32_t *of;		/* the cluster each function is in */
	uint32_t *next;		/* the next function of its cluster */
	uint32_t *tail;		/* for a cluster: its last function */
	uint64_t *size, *samples;	/* for a cluster */
	uint32_t *caller;	/* each function's heaviest caller, or NONE */
	uint64_t *caller_w;	/* that edge's weight */
	bool *hot;
};

static uint64_t func_size(const struct pf_c3_func *f)
{
	return f->size ? f->size : 1;
}

static void free_clusters(struct clusters *c)
{
	free(c->of);
	free(c->next);
	free(c->tail);
	free(c->size);
	free(c->samples);
	free(c->caller);
	free(c->caller_w);
	free(c->hot);
}

static int alloc_clusters(struct clusters *c, const struct pf_c3_func *f,
			  size_t n)
{
	size_t m = n ? n : 1;

	c->f = f;
	c->of = calloc(m, sizeof(*c->of));
	c->next = calloc(m, sizeof(*c->next));
	c->tail = calloc(m, sizeof(*c->tail));
	c->size = calloc(m, sizeof(*c->size));
	c->samples = calloc(m, sizeof(*c->samples));
	c->caller = calloc(m, sizeof(*c->caller));
	c->caller_w = calloc(m, sizeof(*c->caller_w));
	c->hot = calloc(m, sizeof(*c->hot));
	if (!c->of || !c->next || !c->tail || !c->size || !c->samples ||
	    !c->caller || !c->caller_w || !c->hot)
		return -1;
	for (size_t i = 0; i < n; i++) {
		c->of[i] = c->tail[i] = (uint32_t)i;
		c->next[i] = c->caller[i] = NONE;
		c->size[i] = func_size(&f[i]);
		c->samples[i] = f[i].samples;
		c->hot[i] = f[i].samples > 0;
	}
	return 0;
}

static int cmp_edge(const void *a, const void *b)
{
	const struct pf_c3_edge *x = a, *y = b;

	if (x->callee != y->callee)
		return x->callee < y->callee ? -1 : 1;
	if (x->caller != y->caller)
		return x->caller < y->caller ? -1 : 1;
	return 0;
}

/* Each callee's heaviest caller, the edges summed per pair; on a tie the
 * caller with the lower index, so that the order is reproducible. */
static int find_callers(struct clusters *c, size_t n,
			const struct pf_c3_edge *e, size_t ne)
{
	struct pf_c3_edge *s = malloc((ne ? ne : 1) * sizeof(*s));

	if (!s)
		return -1;
	for (size_t i = 0; i < ne; i++)
		s[i] = e[i];
	qsort(s, ne, sizeof(*s), cmp_edge);
	for (size_t i = 0; i < ne;) {
		size_t j = i;
		uint64_t w = 0;

		while (j < ne && s[j].callee == s[i].callee &&
		       s[j].caller == s[i].caller)
			w += s[j++].weight;
		if (s[i].caller != s[i].callee && s[i].caller < n &&
		    s[i].callee < n && w > 0) {
			if (w > c->caller_w[s[i].callee]) {
				c->caller[s[i].callee] = s[i].caller;
				c->caller_w[s[i].callee] = w;
			}
			c->hot[s[i].caller] = c->hot[s[i].callee] = true;
		}
		i = j;
	}
	free(s);
	return 0;
}

static const struct pf_c3_func *sort_funcs;

static int cmp_hotter(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (sort_funcs[x].samples != sort_funcs[y].samples)
		return sort_funcs[x].samples > sort_funcs[y].samples ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Append cluster B to cluster A. */
static void merge(struct clusters *c, uint32_t a, uint32_t b)
{
	for (uint32_t i = b; i != NONE; i = c->next[i])
		c->of[i] = a;
	c->next[c->tail[a]] = b;
	c->tail[a] = c->tail[b];
	c->size[a] += c->size[b];
	c->samples[a] += c->samples[b];
}

static void cluster(struct clusters *c, const uint32_t *by_heat, size_t nhot,
		    uint64_t limit)
{
	for (size_t k = 0; k < nhot; k++) {
		uint32_t fn = by_heat[k], p = c->caller[fn];
		uint32_t cf, cp;

		if (p == NONE)
			continue;
		cf = c->of[fn];
		cp = c->of[p];
		if (cf == cp || c->size[cf] + c->size[cp] > limit)
			continue;
		merge(c, cp, cf);
	}
}

static const struct clusters *sort_clusters;

/* Denser first (samples/size, compared without division), then more
 * samples, then the lower head index. */
static int cmp_denser(const void *a, const void *b)
{
	const struct clusters *c = sort_clusters;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	unsigned __int128 dx = (unsigned __int128)c->samples[x] * c->size[y];
	unsigned __int128 dy = (unsigned __int128)c->samples[y] * c->size[x];

	if (dx != dy)
		return dx > dy ? -1 : 1;
	if (c->samples[x] != c->samples[y])
		return c->samples[x] > c->samples[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

long pf_c3_order(const struct pf_c3_func *f, size_t nfunc,
		 const struct pf_c3_edge *e, size_t nedge, uint64_t limit,
		 uint32_t *order)
{
	struct clusters c = { 0 };
	uint32_t *hot = NULL;
	size_t nhot = 0, nclus = 0;
	long rc = -1;

	if (alloc_clusters(&c, f, nfunc) < 0 ||
	    find_callers(&c, nfunc, e, nedge) < 0 ||
	    !(hot = malloc((nfunc ? nfunc : 1) * sizeof(*hot))))
		goto out;
	for (size_t i = 0; i < nfunc; i++)
		if (c.hot[i])
			hot[nhot++] = (uint32_t)i;
	sort_funcs = f;
	qsort(hot, nhot, sizeof(*hot), cmp_hotter);
	cluster(&c, hot, nhot, limit);
	/* The heads of the clusters, reusing the hot list. */
	for (size_t k = 0; k < nhot; k++)
		if (c.of[hot[k]] == hot[k])
			hot[nclus++] = hot[k];
	sort_clusters = &c;
	qsort(hot, nclus, sizeof(*hot), cmp_denser);
	rc = 0;
	for (size_t k = 0; k < nclus; k++)
		for (uint32_t i = hot[k]; i != NONE; i = c.next[i])
			order[rc++] = i;
out:
	free(hot);
	free_clusters(&c);
	return rc;
}

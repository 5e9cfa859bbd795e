/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_PROFILE_C3_H
#define TOOLS_PROFILE_C3_H
/*
 * Call-chain clustering (C3, after Ottoni and Maher, "Optimizing Function
 * Placement for Large-Scale Data-Center Applications", CGO 2017), from
 * the paper's description.  Functions and call edges in, an order out,
 * with no input or output; it allocates its working memory and frees it
 * before it returns.
 *
 * Every function starts as a cluster of its own.  Taking the functions
 * from the most sampled down, each one's cluster is appended to the
 * cluster of its heaviest caller, unless they are one cluster already or
 * the two together would exceed the cluster limit (a page, so that a
 * caller and its callees share one).  The clusters are then ordered by
 * density, samples per byte, densest first, and the order is their
 * functions in turn.  Only hot functions take part: those sampled, or
 * with a sampled call edge.
 */
#include <stddef.h>
#include <stdint.h>

struct pf_c3_func {
	uint64_t size;		/* bytes; 0 is taken as 1 */
	uint64_t samples;	/* samples with the function as their leaf */
};

/* Samples in which CALLER called CALLEE, the leaf. */
struct pf_c3_edge {
	uint32_t caller, callee;
	uint64_t weight;
};

/*
 * Order the NFUNC functions F by C3 with the NEDGE edges E (indices into
 * F; self-calls are ignored; one pair may appear more than once, and its
 * weights add), clusters at most LIMIT bytes.  Writes the indices of the
 * hot functions to ORDER (NFUNC entries of room) and returns how many,
 * or -1 when memory runs out.
 */
long pf_c3_order(const struct pf_c3_func *f, size_t nfunc,
		 const struct pf_c3_edge *e, size_t nedge, uint64_t limit,
		 uint32_t *order);

#endif

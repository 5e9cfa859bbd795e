/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_PROFILE_PROFILE_H
#define TOOLS_PROFILE_PROFILE_H
/*
 * A profile read from `perf script` output: how many samples each
 * function was the leaf of, and, where call chains were recorded, how
 * many samples each caller -> leaf pair had.  Functions are keyed by the
 * object perf named with them (0 when it named none).
 */
#include <stdint.h>
#include <stdio.h>

#include "tools/profile/c3.h"
#include "tools/profile/names.h"

struct pf_profile {
	struct pf_names dsos;	/* the objects (key 0) */
	uint64_t *dso_samples;	/* leaf samples per object */
	size_t ndso_samples;
	struct pf_names funcs;	/* the functions (key: the object) */
	uint64_t *samples;	/* leaf samples per function */
	size_t nsamples;
	struct pf_c3_edge *edge; /* one per sample with a caller */
	size_t nedge, capedge;
	uint64_t total;		/* every sample read */
	uint64_t chains;	/* samples with a call chain */
};

/* Read IN to its end.  Returns 0, or -1 when memory runs out or IN
 * cannot be read (errno says why). */
int pf_profile_read(struct pf_profile *p, FILE *in);

void pf_profile_free(struct pf_profile *p);

#endif

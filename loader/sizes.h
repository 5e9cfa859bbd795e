/* SPDX-License-Identifier: MIT */
#ifndef LOADER_SIZES_H
#define LOADER_SIZES_H
/*
 * The page sizes a pass plans with.  Reading them from the kernel
 * (/sys/kernel/mm/hugepages, and /proc/meminfo for the default) costs a
 * start served from the page cache about a fifth of what the runtime
 * adds to it, for an answer that cannot change its plan: an object laid
 * out for no more than the PMD size, asked for no size by name, where
 * the page cache may serve, is planned with the sizes the architecture
 * allows to be assumed (mach_sizes_assume), and the kernel's are read
 * only when a copy needs them.
 */
#include <stdbool.h>

#include "core/config.h"
#include "core/plan.h"
#include "loader/image.h"
#include "loader/report.h"

enum ldr_sizes_state {
	LDR_SIZES_UNKNOWN,
	LDR_SIZES_ASSUMED,
	LDR_SIZES_READ,
	LDR_SIZES_NONE,		/* the kernel has no huge pages */
};

struct ldr_sizes {
	struct hl_sizes s;
	enum ldr_sizes_state state;
	bool said;		/* LDR_SIZES_NONE said in this pass */
};

/* A new pass: LDR_SIZES_NONE may be said again. */
void ldr_sizes_pass(struct ldr_sizes *z);

/*
 * The kernel's sizes in Z->s, read once.  False when it has no huge
 * pages, said once a pass to REP (nothing said when REP is NULL).
 */
bool ldr_sizes_read(struct ldr_sizes *z, size_t default_page,
		    struct ldr_report *rep);

/*
 * Sizes in Z->s to plan IMG with under CFG: assumed where that changes
 * no plan, else the kernel's (ldr_sizes_read).
 */
bool ldr_sizes_for(struct ldr_sizes *z, const struct hl_config *cfg,
		   const struct ldr_image *img, struct ldr_report *rep);

#endif

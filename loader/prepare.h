/* SPDX-License-Identifier: MIT */
#ifndef LOADER_PREPARE_H
#define LOADER_PREPARE_H
/*
 * Prepare: build, away from the program, the huge-page copy of every
 * range the plan chose, and the hand-over for commit.  Everything here
 * happens before the point of no return and may use libc; a range that
 * cannot be prepared is dropped with a reason, and the others go on.
 */
#include "core/plan.h"
#include "machine/status.h"
#include "loader/backing.h"
#include "loader/choose.h"
#include "loader/fault.h"
#include "loader/holes.h"
#include "loader/image.h"
#include "loader/maps.h"
#include "loader/report.h"
#include "loader/share.h"
#include "loader/source.h"
#include "remap/remap.h"

struct ldr_prepared {
	struct remap_commit *c;		/* in its own anonymous mapping */
	size_t c_len;
	struct ldr_backing back[REMAP_MAX_RANGES];	/* per swap */
	size_t page[REMAP_MAX_RANGES];		/* per swap */
	struct ldr_share_ctx share;		/* dirfd < 0: not sharing */
	struct hl_maps maps;			/* /proc/self/maps, read once */
	struct hl_maps_file prog;		/* the program's own file */
	struct ldr_source src;			/* what read-only copies read */
	struct ldr_choice choice;		/* what backs each range */
	int tracer;				/* TracerPid, or 0 */
	int exec_prot;				/* more PROT_ bits for text:
						   PROT_BTI (loader/bti.h) */
	bool read_implies_exec;			/* the personality maps what
						   is readable executable */
	struct ldr_holes holes;			/* held until the swap */
	bool swapped;				/* the swap of C ran */
};

/*
 * Prepare the ranges PLAN chose for the program IMG.  ST is what
 * /proc/self/status said: its tracer, the process tracing this one
 * (TracerPid), or 0: a debugger that started the program may have
 * written breakpoints into its text already, and the copies must keep
 * them; and whether the process turned THP off.  Returns the number of
 * ranges ready to swap (P->c->nswap), or -1 when nothing could even be
 * set up; reasons go to REP.
 */
int ldr_prepare(struct ldr_prepared *p, const struct hl_plan *plan,
	       const struct ldr_image *img, const struct hl_config *cfg,
	       const struct ldr_fault *fault, const struct mach_status *st,
	       struct ldr_report *rep);

/*
 * After commit: drop what was not swapped in, the files mapped over
 * their targets, and the hand-over.
 */
void ldr_prepare_release(struct ldr_prepared *p);

#endif

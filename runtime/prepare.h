#ifndef RUNTIME_PREPARE_H
#define RUNTIME_PREPARE_H
/*
 * Prepare: build, away from the program, the huge-page copy of every
 * range the plan chose, and the hand-over for commit.  Everything here
 * happens before the point of no return and may use libc; a range that
 * cannot be prepared is dropped with a reason, and the others go on.
 */
#include "core/plan.h"
#include "host/status.h"
#include "runtime/backing.h"
#include "runtime/choose.h"
#include "runtime/fault.h"
#include "runtime/image.h"
#include "runtime/maps.h"
#include "runtime/report.h"
#include "runtime/share.h"
#include "runtime/source.h"
#include "swap/swap.h"

struct rt_prepared {
	struct sw_commit *c;		/* in its own anonymous mapping */
	size_t c_len;
	struct rt_backing back[SW_MAX_RANGES];	/* per swap */
	size_t page[SW_MAX_RANGES];		/* per swap */
	struct rt_share_ctx share;		/* dirfd < 0: not sharing */
	struct rt_maps maps;			/* /proc/self/maps, read once */
	struct rt_maps_file prog;		/* the program's own file */
	struct rt_source src;			/* what read-only copies read */
	struct rt_choice choice;		/* what backs each range */
	int tracer;				/* TracerPid, or 0 */
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
int rt_prepare(struct rt_prepared *p, const struct hl_plan *plan,
	       const struct rt_image *img, const struct hl_config *cfg,
	       const struct rt_fault *fault, const struct host_status *st,
	       struct rt_report *rep);

/*
 * After commit: drop what was not swapped in, the files mapped over
 * their targets, and the hand-over.
 */
void rt_prepare_release(struct rt_prepared *p);

#endif

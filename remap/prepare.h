#ifndef HL_PREPARE_H
#define HL_PREPARE_H
/*
 * Prepare: build, away from the program, the huge-page copy of every
 * range the plan chose, and the hand-over for commit.  Everything here
 * happens before the point of no return and may use libc; a range that
 * cannot be prepared is dropped with a reason, and the others go on.
 */
#include "loader/fault.h"
#include "loader/image.h"
#include "loader/plan.h"
#include "loader/report.h"
#include "remap/backing.h"
#include "remap/commit.h"
#include "remap/maps.h"
#include "remap/share.h"

struct hl_prepared {
	struct hl_commit *c;		/* in its own anonymous mapping */
	size_t c_len;
	struct hl_backing back[HL_MAX_SEGS];	/* per swap */
	size_t page[HL_MAX_SEGS];		/* per swap */
	struct hl_share_ctx share;		/* dirfd < 0: not sharing */
	struct hl_maps_file prog;		/* the program's own file */
};

/*
 * Prepare the ranges PLAN chose for the program IMG.  Returns the number
 * of ranges ready to swap (P->c->nswap), or -1 when nothing could even be
 * set up; reasons go to REP.
 */
int hl_prepare(struct hl_prepared *p, const struct hl_plan *plan,
	       const struct hl_image *img, const struct hl_config *cfg,
	       const struct hl_fault *fault, struct hl_report *rep);

/* After commit: drop what was not swapped in, and the hand-over. */
void hl_prepare_release(struct hl_prepared *p);

#endif

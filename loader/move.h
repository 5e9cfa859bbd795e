/* SPDX-License-Identifier: MIT */
#ifndef LOADER_MOVE_H
#define LOADER_MOVE_H
/*
 * Moving one object: plan, prepare, commit, report.  Before commit a
 * failure costs one reason in the report and leaves the object on base
 * pages.  Commit (remap/commit.c) swaps each prepared range in one step;
 * see there for what happens if a swap fails.
 *
 * Threads.  A read-only range is copied by prepare, from the file, and
 * its content cannot change before the swap: it moves whatever other
 * threads do, even one running in it.  A writable range is copied at the
 * swap itself, and another thread could write to it between the copy
 * and the swap: it moves only while the process has one thread (see
 * remap/commit.c).
 */
#include "core/config.h"
#include "core/plan.h"
#include "machine/status.h"
#include "loader/fault.h"
#include "loader/image.h"
#include "loader/prepare.h"
#include "loader/report.h"
#include "loader/sizes.h"

/* What a pass knows of the process, for each object it moves. */
struct ldr_move_ctx {
	const struct hl_config *cfg;
	struct ldr_sizes *sizes;	/* read before a copy if assumed */
	const struct ldr_fault *fault;
	const struct remap_stderr *err;	/* the standard error noted */
	/*
	 * Asked when first needed, which a start served from the page
	 * cache alone never does: THP_enabled from prctl when a range is
	 * not served (loader/filetext.c), and all of it from
	 * /proc/self/status before a copy.
	 */
	struct mach_status *status;
	bool quiet_small;	/* say nothing of a segment too small to move */
	/*
	 * The program, planned only because HUGETLB_ELFMAP names classes,
	 * by the copy of the runtime in a relinked library it loaded: a
	 * plain host of such a library, which asked nothing of itself.  Why
	 * its segments stay on base pages is said at HUGETLB_VERBOSE=3.
	 */
	bool quiet_host;
	/*
	 * This pass is part of start-up, run by the program's copy of the
	 * runtime before the program's own constructors: only start-up code
	 * has run in the objects' text, and no other thread has run through
	 * it (loader/filetext.c).
	 */
	bool at_start;
	int *maps_fd;           /* /proc/self/maps, opened for the pass when
				   first needed (mach_vmaquery_fd), or -1 */
};

/*
 * Room for one object's plan, in the pass's mapping.  A copy's larger
 * room (struct ldr_prepared) is mapped for the copy alone, so that a
 * start that copies nothing neither touches nor maps it.
 */
struct ldr_move_work {
	struct hl_plan plan;
};

/*
 * The plan for IMG under CTX: 0, or -1 with PLAN->error set when its
 * headers are refused.  A library's ranges stay inside its mapping,
 * which dlclose() unmaps whole.
 */
int ldr_move_plan(struct hl_plan *plan, const struct ldr_image *img,
		  const struct ldr_move_ctx *ctx);

/*
 * Whether a move would say nothing of PLAN before it serves or copies,
 * and would copy no writable range: each segment it remaps is read-only
 * and on the page size asked, and each it leaves is left for what was
 * asked or for the plan's own rules (at HUGETLB_VERBOSE 2; at 4 the
 * whole plan is said).
 */
bool ldr_move_plan_quiet(const struct hl_plan *plan);

/* Move what CTX->cfg asks of IMG, reasons to REP. */
void ldr_move(struct ldr_move_work *w, const struct ldr_image *img,
	     const struct ldr_move_ctx *ctx, struct ldr_report *rep);

#endif

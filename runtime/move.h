#ifndef RUNTIME_MOVE_H
#define RUNTIME_MOVE_H
/*
 * Moving one object: plan, prepare, commit, report.  Before commit a
 * failure costs one reason in the report and leaves the object on base
 * pages.  Commit (swap/commit.c) swaps each prepared range in one step;
 * see there for what happens if a swap fails.
 *
 * Threads.  A read-only range is copied by prepare, from the file, and
 * its content cannot change before the swap: it moves whatever other
 * threads do, even one running in it.  A writable range is copied at the
 * swap itself, and another thread could write to it between the copy
 * and the swap: it moves only while the process has one thread (see
 * swap/commit.c).
 */
#include "core/config.h"
#include "core/plan.h"
#include "host/status.h"
#include "runtime/fault.h"
#include "runtime/image.h"
#include "runtime/prepare.h"
#include "runtime/report.h"

/* What a pass knows of the process, for each object it moves. */
struct rt_move_ctx {
	const struct hl_config *cfg;
	const struct hl_sizes *sizes;
	const struct rt_fault *fault;
	struct host_status status;	/* threads, tracer, THP_enabled */
	bool quiet_small;	/* say nothing of a segment too small to move */
};

/* Room for one object's move; large, so it lives in the pass's mapping. */
struct rt_move_work {
	struct hl_plan plan;
	struct rt_prepared prep;
};

/* Move what CTX->cfg asks of IMG, reasons to REP. */
void rt_move(struct rt_move_work *w, const struct rt_image *img,
	     const struct rt_move_ctx *ctx, struct rt_report *rep);

#endif

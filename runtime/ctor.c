/*
 * The start-up constructor: configuration, plan, prepare, commit, report.
 *
 * Before commit, a failure costs one reason in the report and leaves the
 * program on base pages.  Commit (swap/commit.c) swaps each prepared
 * range in one step; see there for what happens if a swap fails.
 *
 * All state lives on this function's stack or in mappings of its own: the
 * program's data is what gets replaced.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "core/config.h"
#include "core/size.h"
#include "core/plan.h"
#include "host/env.h"
#include "host/status.h"
#include "host/sysinfo.h"
#include "runtime/claim.h"
#include "runtime/fault.h"
#include "runtime/forkguard.h"
#include "runtime/image.h"
#include "runtime/perfmap.h"
#include "runtime/prepare.h"
#include "runtime/report.h"
#include "runtime/stub.h"

static const char no_proc[] = "/proc is not mounted (or not readable): the "
	"runtime needs /proc/self/status and /proc/self/maps to remap safely";

/* True when the process runs alone, as the swap needs; else why not. */
static bool alone(const struct host_status *st, struct rt_report *rep)
{
	if (st->threads < 0)
		rt_report_why(rep, "%s", no_proc);
	else if (st->threads != 1)
		rt_report_why(rep, "other threads are already running");
	return st->threads == 1;
}

/* Record why a segment that was asked for will not be remapped. */
static int explain(const struct hl_plan *plan, struct rt_report *rep)
{
	int chosen = 0;

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (s->remap)
			chosen++;
		else if (s->why != HL_WHY_NOT_ASKED &&
			 s->why != HL_WHY_DISABLED && s->why != HL_WHY_ALL_RELRO &&
			 s->why != HL_WHY_BEYOND_CAP)
			rt_report_why(rep, "segment %d at %#lx: %s", s->phdr,
				      (unsigned long)s->start,
				      hl_why_text(s->why));
	}
	return chosen;
}

/* What backs swap S now, built on P->back[I], for the report. */
static const char *backing_text(const struct rt_prepared *p, int i,
				char *buf, size_t len)
{
	const struct sw_range *s = &p->c->swap[i];
	const struct rt_backing *b = &p->back[i];
	size_t n = s->len / p->page[i];
	char sz[16];

	hl_format_size(p->page[i], sz, sizeof(sz));
	if (s->err)
		snprintf(buf, len, "%s", s->recovered_thp ? "thp" : "base");
	else if (b->shared)
		snprintf(buf, len, "shared %s x%zu", sz, n);
	else if (b->kind == HL_BACK_THP)
		snprintf(buf, len, "thp x%zu", n);
	else
		snprintf(buf, len, "hugetlb %s x%zu%s%s%s", sz, n,
			 b->desc[0] ? " on " : "", b->desc,
			 s->how == SW_MAP_FILE ? " (a file mapped over the range)" : "");
	return buf;
}

static void commit(struct rt_prepared *prep, size_t base,
		   struct rt_report *rep)
{
	struct sw_commit *c = prep->c;
	char text[160];

	if (rt_stub_run(c, base) < 0) {
		rt_report_why(rep, "cannot run the swap from a private "
			      "executable page (W^X policy?)");
		for (int i = 0; i < c->nswap; i++)
			c->swap[i].err = -EPERM;
		return;
	}
	rt_forkguard_install(c, prep->page, prep->choice.env.thp_page,
			     rep->verbose, rep->prog);
	for (int i = 0; i < c->nswap; i++) {
		const struct sw_range *s = &c->swap[i];

		rt_report_swap(rep, s, backing_text(prep, i, text, sizeof(text)));
		/* Alike for every range when mremap fails: one reason. */
		if (s->err && s->recovered_thp)
			rt_report_thp(rep, "a swap failed (%s) and was restored "
				      "from its copy onto them",
				      strerror((int)-s->err));
		else if (s->err)
			rt_report_why(rep, "swapping %#lx-%#lx failed: %s",
				      (unsigned long)s->target,
				      (unsigned long)(s->target + s->len),
				      strerror((int)-s->err));
	}
}

/* Plan for this program; 0 when there is something to remap. */
static int plan_for(struct hl_plan *plan, struct rt_image *img,
		    const struct hl_config *cfg, struct hl_sizes *sizes,
		    struct rt_report *rep)
{
	if (rt_image_read(img)) {
		rt_report_why(rep, "cannot read the program headers");
		return -1;
	}
	/* The common case, a program nobody asked about: leave quietly. */
	if (cfg->elfmap == HL_ELFMAP_UNSET && !rt_image_flagged(img))
		return -1;
	/* Without /proc nothing below could be judged right. */
	if (access("/proc/self/maps", R_OK)) {
		rt_report_why(rep, "%s", no_proc);
		return -1;
	}
	if (host_sizes_read(sizes, cfg->default_page)) {
		rt_report_why(rep, "this kernel offers no huge pages");
		return -1;
	}
	if (hl_plan_build(plan, cfg, sizes, img->ph, img->phnum, img->bias)) {
		rt_report_why(rep, "program headers refused: %s", plan->error);
		return -1;
	}
	rt_report_plan(rep, plan);
	return explain(plan, rep) ? 0 : -1;
}

static void rt_start(void)
{
	const char *prog = program_invocation_short_name;
	bool secure = getauxval(AT_SECURE) != 0;
	struct rt_prepared prep;
	struct hl_config cfg;
	struct rt_report rep;
	struct hl_sizes sizes;
	struct rt_fault fault;
	struct rt_image img;
	struct hl_plan plan;

	hl_config_read(&cfg, host_env_get, NULL, secure, prog);
	rt_report_init(&rep, cfg.verbose, prog);
	if (cfg.restricted || cfg.elfmap == HL_ELFMAP_NO)
		return;
	if (cfg.error[0])
		rt_report_why(&rep, "%s", cfg.error);
	else if (plan_for(&plan, &img, &cfg, &sizes, &rep) == 0) {
		struct host_status st;

		host_status_read(&st);
		if (alone(&st, &rep)) {
			rt_fault_read(&fault, secure);
			if (rt_prepare(&prep, &plan, &img, &cfg, &fault, &st,
				       &rep) > 0) {
				rt_fault_wait(fault.wait_commit);
				commit(&prep, sizes.base, &rep);
				if (cfg.perf_map)
					rt_perf_map_write(&prep, &img, &rep);
			}
			rt_prepare_release(&prep);
		}
	}
	rt_report_flush(&rep);
}

/*
 * Runs after libc is initialised and before the other constructors of
 * the object that holds it: the program's, when the runtime is embedded
 * in it; when it is a preloaded or linked libhugelink.so, those of the
 * program and of the libraries that depend on it.  Only the one copy of
 * the runtime that claims the process acts (runtime/claim.h).
 *
 * Global, though hidden: the wrapper pulls this object out of
 * libhugelink.a by the name (-u rt_ctor), and the tools look for it in a
 * program's symbol table to see that the runtime was linked in.
 */
void rt_ctor(void);

/*
 * Whether anything may be asked of this copy at all: HUGETLB_ELFMAP or
 * HUGETLB_FORCE_ELFMAP set, or a segment of the program flagged.  Looked
 * at first, with two getenv and one walk of the program headers, so that
 * a program nobody asked about pays for nothing else.
 */
static bool may_be_asked(void)
{
	struct rt_image img;

	return hl_config_may_ask(host_env_get, NULL) ||
	       (rt_image_read(&img) == 0 && rt_image_flagged(&img));
}

__attribute__((constructor(101))) void rt_ctor(void)
{
	if (may_be_asked() && rt_claim())
		rt_start();
}

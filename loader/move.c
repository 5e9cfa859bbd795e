/* SPDX-License-Identifier: MIT */
/*
 * Moving one object: see move.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "core/note.h"
#include "core/size.h"
#include "loader/filetext.h"
#include "loader/forkguard.h"
#include "loader/move.h"
#include "loader/perfmap.h"
#include "loader/prime.h"
#include "loader/thp.h"
#include "machine/mdwe.h"
#include "remap/remap.h"

/*
 * The threads and the tracer, read the first time a move needs them:
 * false, with the reason given, when the status cannot be read.
 */
static bool status_known(const struct ldr_move_ctx *ctx, struct ldr_report *rep)
{
	if (ctx->status->threads == MACH_STATUS_UNREAD) {
		mach_status_read(ctx->status);
		if (ctx->status->threads < 0)
			ldr_report_why(rep, "cannot read /proc/self/status: "
				      "the runtime needs it to remap safely");
	}
	return ctx->status->threads >= 0;
}

/* Which segments of a plan a list names. */
typedef bool seg_pick_fn(const struct hl_plan *plan, const struct hl_seg *s);

/*
 * The program-header numbers of PLAN's segments PICK takes, as "3, 4",
 * into OUT (LEN bytes), and the last of them in *LAST unless LAST is
 * NULL; returns how many.
 */
static int seg_list(const struct hl_plan *plan, seg_pick_fn *pick, char *out,
		    size_t len, const struct hl_seg **last)
{
	size_t used = 0;
	int n = 0;

	out[0] = '\0';
	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];
		int k;

		if (!pick(plan, s) || used >= len)
			continue;
		k = snprintf(out + used, len - used, "%s%d", n++ ? ", " : "",
			     s->phdr);
		used += k > 0 ? (size_t)k : 0;
		if (last)
			*last = s;
	}
	return n;
}

static bool no_size(const struct hl_plan *plan, const struct hl_seg *s)
{
	(void)plan;
	return !s->remap && s->why == HL_WHY_NO_SIZE;
}

/*
 * One reason for all the segments asked for a page size the kernel
 * lacks, naming them and the sizes it has.
 */
static void report_no_size(const struct hl_plan *plan,
			   const struct ldr_move_ctx *ctx,
			   struct ldr_report *rep)
{
	char segs[96], have[96];
	int n = seg_list(plan, no_size, segs, sizeof(segs), NULL);

	if (n)
		ldr_report_why(rep, "segment%s %s: %s; this machine has %s",
			      n > 1 ? "s" : "", segs,
			      hl_why_text(HL_WHY_NO_SIZE),
			      hl_sizes_text(&ctx->sizes->s, have,
					    sizeof(have)));
}

/* True when some segment of PLAN goes on pages of SIZE. */
static bool size_used(const struct hl_plan *plan, size_t size)
{
	for (int i = 0; i < plan->nseg; i++)
		if (plan->seg[i].remap && plan->seg[i].page == size)
			return true;
	return false;
}

/*
 * One message for the segments that go on smaller huge pages than
 * asked, as the size asked would share a page with another segment,
 * when no segment gets the size asked: the object was laid out for the
 * smaller size.  In an object laid out for the size asked, the small
 * segment that holds RELRO takes a smaller size by design.
 */
static bool smaller(const struct hl_plan *plan, const struct hl_seg *s)
{
	return s->remap && s->asked && !size_used(plan, s->asked);
}

static void report_smaller(const struct hl_plan *plan, struct ldr_report *rep)
{
	const struct hl_seg *last;
	char segs[96], got[16], asked[16];
	int n = seg_list(plan, smaller, segs, sizeof(segs), &last);

	if (!n)
		return;
	hl_format_size(last->page, got, sizeof(got));
	hl_format_size(last->asked, asked, sizeof(asked));
	ldr_report_smaller(rep, "segment%s %s on %s pages, not %s: on %s pages "
			   "%s would share one with another segment (relink "
			   "with --hugetlbfs-page-size=%s)", n > 1 ? "s" : "",
			   segs, got, asked, asked, n > 1 ? "each" : "it",
			   asked);
}

/*
 * Whether S, not remapped, is said to stay on base pages by its own
 * line: not for what the configuration asked (nothing, a cap, a budget,
 * the hot text), the plan's own rules (RELRO, sparse) or a size the
 * kernel lacks (one line for all: report_no_size).  QUIET_SMALL: nor
 * when it is too small.
 */
static bool why_said(const struct hl_seg *s, bool quiet_small)
{
	return s->why != HL_WHY_NO_SIZE && s->why != HL_WHY_NOT_ASKED &&
	       s->why != HL_WHY_DISABLED && s->why != HL_WHY_ALL_RELRO &&
	       s->why != HL_WHY_BEYOND_CAP && s->why != HL_WHY_NOT_HOT &&
	       s->why != HL_WHY_BEYOND_TEXT_BUDGET &&
	       s->why != HL_WHY_SPARSE &&
	       (s->why != HL_WHY_TOO_SMALL || !quiet_small);
}

bool ldr_move_plan_quiet(const struct hl_plan *plan)
{
	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		if (s->remap ? s->cls != HL_CLASS_R || smaller(plan, s) :
			       why_said(s, false) || no_size(plan, s))
			return false;
	}
	return true;
}

/* The plan with HUGETLB_FORCE_ELFMAP=yes, and the configuration it was
 * made with: mapped apart, off the stack of a pass that may run in a
 * thread with a small one (dlopen), and off the heap, which the runtime
 * never starts (the brk heap's start decides where ranges may go). */
struct forced_plan {
	struct hl_config cfg;
	struct hl_plan plan;
	bool ok;		/* PLAN was made for the headers */
};

/* A segment that shares a huge page, and how to give it some. */
struct shared_fix {
	bool planned;		/* FORCED was tried */
	struct forced_plan *forced;	/* NULL: no memory for it */
};

/*
 * S, a segment of IMG that would share a huge page with another, in the
 * plan with HUGETLB_FORCE_ELFMAP=yes (made once, in FIX), or NULL where
 * that plan cannot be made.
 */
static const struct hl_seg *forced_seg(const struct hl_seg *s,
				       const struct ldr_image *img,
				       const struct ldr_move_ctx *ctx,
				       struct shared_fix *fix)
{
	struct forced_plan *f = fix->forced;
	struct ldr_move_ctx forced = *ctx;

	if (!fix->planned) {
		fix->planned = true;
		f = mmap(NULL, sizeof(*f), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (f == MAP_FAILED)
			return NULL;
		fix->forced = f;
		f->cfg = *ctx->cfg;
		f->cfg.force = true;
		forced.cfg = &f->cfg;
		f->ok = !ldr_move_plan(&f->plan, img, &forced);
	}
	for (int i = 0; f && f->ok && i < f->plan.nseg; i++)
		if (f->plan.seg[i].phdr == s->phdr)
			return &f->plan.seg[i];
	return NULL;
}

/*
 * Why S, a segment of IMG that would share a huge page with another,
 * stays on base pages, and what would give it huge pages: relinking it
 * always; HUGETLB_FORCE_ELFMAP=yes only where the plan with it would
 * move part of S, which a segment that holds no whole huge page of its
 * own never has.  NULL, where CTX->quiet_small, for such a segment: it
 * is too small, as HUGELINK_LIBS=all passes over without a word.
 */
static const char *shared_text(const struct hl_seg *s,
			       const struct ldr_image *img,
			       const struct ldr_move_ctx *ctx,
			       struct shared_fix *fix)
{
	const struct hl_seg *f = forced_seg(s, img, ctx, fix);
	bool small = f && f->why == HL_WHY_TOO_SMALL;

	if (f && f->remap)
		return hl_why_text(s->why);
	if (small && ctx->quiet_small)
		return NULL;
	return small ? "shares a huge page with another segment, and holds "
		       "no whole huge page of its own: relink with "
		       "--hugetlbfs-align" :
		       "shares a huge page with another segment: relink with "
		       "--hugetlbfs-align";
}

/* Say why S, not remapped, stays on base pages, unless it goes without
 * a word (why_said, shared_text). */
static void say_why(const struct hl_seg *s, const struct ldr_image *img,
		    const struct ldr_move_ctx *ctx, struct shared_fix *fix,
		    struct ldr_report *rep)
{
	const char *why;

	if (!why_said(s, ctx->quiet_small) ||
	    (ctx->quiet_host && rep->verbose < HL_V_INFO))
		return;
	why = s->why == HL_WHY_SHARES_PAGE ? shared_text(s, img, ctx, fix) :
					     hl_why_text(s->why);
	if (why)
		ldr_report_why_segment(rep, s->phdr, s->start, why);
}

/*
 * Record why a segment of IMG that was asked for will not be remapped;
 * a writable one stays where other threads run.  Returns the segments
 * still to move.
 */
static int keep_what_can_move(struct hl_plan *plan,
			      const struct ldr_image *img,
			      const struct ldr_move_ctx *ctx,
			      struct ldr_report *rep)
{
	struct shared_fix fix = { .planned = false, .forced = NULL };
	int chosen = 0;

	for (int i = 0; i < plan->nseg; i++) {
		struct hl_seg *s = &plan->seg[i];

		if (s->remap && s->cls == HL_CLASS_W &&
		    (!status_known(ctx, rep) || ctx->status->threads != 1)) {
			s->remap = false;
			ldr_report_why_segment(rep, s->phdr, s->start,
					       "writable, and other threads "
					       "run: they could write to it "
					       "between its copy and the swap");
		} else if (s->remap)
			chosen++;
		else
			say_why(s, img, ctx, &fix, rep);
	}
	if (fix.forced)
		munmap(fix.forced, sizeof(*fix.forced));
	report_no_size(plan, ctx, rep);
	report_smaller(plan, rep);
	return chosen;
}

/* What backs swap S now, built on P->back[I], for the report. */
static const char *backing_text(const struct ldr_prepared *p, int i,
				char *buf, size_t len)
{
	const struct remap_range *s = &p->c->swap[i];
	const struct ldr_backing *b = &p->back[i];
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
			 s->how == REMAP_MAP_FILE ?
			 " (a file mapped over the range)" : "");
	return buf;
}

/*
 * After the swap: the ranges swapped in on transparent huge pages, read
 * back from smaps.  Prepare checked each copy before the swap; this
 * says, once, if the swap or anything since left part of one on base
 * pages.
 */
static void check_thp_after(const struct ldr_prepared *prep,
			    struct ldr_report *rep)
{
	const struct remap_commit *c = prep->c;
	struct ldr_thp_range r[REMAP_MAX_RANGES];
	uint64_t huge[REMAP_MAX_RANGES];
	int n = 0;

	for (int i = 0; i < c->nswap; i++)
		if (!c->swap[i].err && !prep->back[i].shared &&
		    prep->back[i].kind == HL_BACK_THP)
			r[n++] = (struct ldr_thp_range){ c->swap[i].target,
				c->swap[i].target + c->swap[i].len };
	if (!n || ldr_thp_measure(r, n, huge))
		return;
	for (int k = 0; k < n; k++)
		if (huge[k] < r[k].hi - r[k].lo)
			ldr_report_why(rep, "%#lx-%#lx: after the swap, %llu "
				      "of %lu kB are on base pages, not "
				      "transparent huge pages "
				      "(AnonHugePages in /proc/self/smaps)",
				      (unsigned long)r[k].lo,
				      (unsigned long)r[k].hi,
				      (unsigned long long)(r[k].hi - r[k].lo -
							   huge[k]) >> 10,
				      (unsigned long)(r[k].hi - r[k].lo) >> 10);
}

static void commit(struct ldr_prepared *prep, const struct ldr_move_ctx *ctx,
		   struct ldr_report *rep)
{
	struct remap_commit *c = prep->c;
	const char *failed = "";
	char text[160];
	long r;

	c->fatal_fd = remap_stderr_same(ctx->err) ? ctx->err->fd : -1;
	r = remap_run_from_copy(c, ctx->sizes->s.base, &failed);
	prep->swapped = r >= 0;
	if (r < 0) {
		ldr_report_why(rep, "cannot run the swap from a private "
			      "executable copy of its code: %s: %s", failed,
			      strerror((int)-r));
		for (int i = 0; i < c->nswap; i++)
			c->swap[i].err = r;
		return;
	}
	ldr_forkguard_install(c, prep->page, prep->choice.env.thp_page,
			     ctx->err, rep->verbose, rep->prog);
	for (int i = 0; i < c->nswap; i++) {
		const struct remap_range *s = &c->swap[i];

		ldr_report_swap(rep, s,
				backing_text(prep, i, text, sizeof(text)));
		/* Alike for every range when mremap fails: one reason. */
		if (s->err && s->recovered_thp)
			ldr_report_thp(rep, "a swap failed (%s) and was "
				      "restored from its copy onto them",
				      strerror((int)-s->err));
		else if (s->err)
			ldr_report_why(rep, "swapping %#lx-%#lx failed: %s%s",
				      (unsigned long)s->target,
				      (unsigned long)(s->target + s->len),
				      strerror((int)-s->err),
				      s->err == -EPERM ? " (a range sealed "
				      "with mseal cannot be replaced)" : "");
	}
	check_thp_after(prep, rep);
}

int ldr_move_plan(struct hl_plan *plan, const struct ldr_image *img,
		  const struct ldr_move_ctx *ctx)
{
	uintptr_t limit = img->main ? 0 : hl_phdrs_end(img->ph, img->phnum,
						       img->bias,
						       ctx->sizes->s.base);
	struct hl_hot hot = { 0 };
	uint64_t start, len;
	size_t desc_len = 0;
	/* The order's note matters to HUGELINK_TEXT=hot alone
	 * (hl_plan_text). */
	const void *desc = ctx->cfg->text == HL_TEXT_HOT ?
			   ldr_image_note(img, HL_NOTE_HOT, &desc_len) : NULL;

	if (hl_note_hot(desc, desc_len, &start, &len) && len) {
		hot.ordered = true;
		hot.start = img->bias + (uintptr_t)start;
		hot.end = hot.start + (uintptr_t)len;
	}

	if (hl_plan_build_object(plan, ctx->cfg, &ctx->sizes->s, img->ph,
				 img->phnum, img->bias, limit))
		return -1;
	hl_plan_text(plan, ctx->cfg, &hot);
	return 0;
}

/*
 * Where the process may not make memory executable (machine/mdwe.h), no
 * copy can be swapped in: the swap runs from a private executable copy
 * of its own code (remap/run.c).  Say so once, before any copy is made,
 * and leave each range the page cache did not serve where it is.
 * Returns how many ranges are left to copy.
 */
static int copies_can_run(struct hl_plan *plan, struct ldr_report *rep)
{
	int left = 0, err;
	char who[120];

	for (int i = 0; i < plan->nseg; i++)
		left += plan->seg[i].remap;
	if (!left || !mach_exec_refused(&err))
		return left;
	snprintf(who, sizeof(who), err ? "mprotect: %s; a seccomp filter or "
		 "a security module forbids it" : "PR_SET_MDWE",
		 strerror(err));
	ldr_report_why(rep, "the process may not make memory executable (%s), "
		       "which the swap needs: nothing is copied; the page "
		       "cache can serve read-only ranges (hugectl --prime)",
		       who);
	for (int i = 0; i < plan->nseg; i++) {
		struct hl_seg *s = &plan->seg[i];

		if (s->remap)
			ldr_report_base(rep, s->map_start, s->map_end, s->prot);
		s->remap = false;
	}
	return 0;
}

/* Plan for IMG; 0 when there is something to remap. */
static int plan_for(struct hl_plan *plan, const struct ldr_image *img,
		    const struct ldr_move_ctx *ctx, struct ldr_report *rep,
		    struct ldr_filetext_found *found)
{
	if (ldr_move_plan(plan, img, ctx)) {
		ldr_report_why(rep, "program headers refused: %s", plan->error);
		return -1;
	}
	ldr_report_plan(rep, plan);
	if (!keep_what_can_move(plan, img, ctx, rep))
		return -1;
	ldr_filetext_serve(plan, img, ctx, rep, found);
	return copies_can_run(plan, rep) ? 0 : -1;
}

/*
 * With HUGELINK_PRIME=1, once the program no longer maps the small
 * folios the page cache held of its read-only ranges, have its file FD
 * read back in huge ones for the next start (loader/prime.h): at once
 * after a copy of those ranges, and otherwise after the program's end
 * (AFTER_END).
 */
static void prime_for_next(int fd, bool after_end,
			   const struct ldr_image *img,
			   const struct ldr_move_ctx *ctx,
			   const struct ldr_report *rep)
{
	uint64_t t0 = raw_now_ns();
	char text[240];
	int r;

	if (fd < 0) {
		ldr_report_setting(rep, "HUGELINK_PRIME=1: the program file "
				   "cannot be opened to prime it");
		return;
	}
	r = ldr_prime_spawn(fd, img, hl_pmd_size(ctx->sizes->s.base),
			    after_end);
	if (r > 0) {
		ldr_report_info(rep, "HUGELINK_PRIME=1: another process primes "
				"the program file, or waits to");
		return;
	}
	if (r < 0) {
		snprintf(text, sizeof(text), "HUGELINK_PRIME=1: no process "
			 "could be made to prime the page cache: %s%s",
			 strerror(errno), after_end && errno == ENOSYS ?
			 " (waiting for the program's end needs pidfd_open, "
			 "Linux 5.3)" : "");
		ldr_report_setting(rep, text);
		return;
	}
	snprintf(text, sizeof(text), "HUGELINK_PRIME=1: a detached process "
		 "reads the program file back in huge folios for the next "
		 "start%s (made in %.3f ms)", after_end ? ", once this "
		 "process has ended, but for the pages a process still maps "
		 "(a forked child's too)" : "",
		 (double)(raw_now_ns() - t0) / 1e6);
	ldr_report_info(rep, text);
}

/*
 * prime_for_next, after the program's end: the program file found as a
 * copy finds it (loader/source.h).
 */
static void prime_once_ended(const struct hl_plan *plan,
			   const struct ldr_image *img,
			   const struct ldr_move_ctx *ctx,
			   const struct ldr_report *rep)
{
	struct hl_maps maps;
	struct hl_maps_file prog;
	struct ldr_source src;
	bool found = false;

	if (ldr_image_trusted(img) && !ldr_maps_read(&maps)) {
		found = !hl_maps_object_file(&maps, plan, img->ph, &prog);
		ldr_maps_free(&maps);
	}
	ldr_source_init(&src, &prog, img);
	prime_for_next(found ? ldr_source_fd(&src) : -1, true, img, ctx, rep);
	ldr_source_close(&src);
}

/*
 * Copy what PLAN leaves to copy of IMG, and with HUGELINK_PRIME=1, where
 * PRIME_NOW says so (primes_at_once), have the file primed at once.
 * True when a copy was swapped in.
 */
static bool copy(struct ldr_move_work *w, const struct ldr_image *img,
		 const struct ldr_move_ctx *ctx, struct ldr_report *rep,
		 bool prime_now)
{
	struct ldr_prepared *prep;
	bool copied = false;

	/* A copy: from here on the kernel's sizes, if they were assumed. */
	if (!ldr_sizes_read(ctx->sizes, ctx->cfg->default_page, rep))
		return false;
	if (!status_known(ctx, rep))
		return false;
	prep = mmap(NULL, sizeof(*prep), PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (prep == MAP_FAILED) {
		ldr_report_why(rep, "no room to prepare the copy: mmap of %zu "
			       "bytes: %s", sizeof(*prep), strerror(errno));
		return false;
	}
	if (ldr_prepare(prep, &w->plan, img, ctx->cfg, ctx->fault, ctx->status,
		       rep) > 0) {
		/* Never restore by copy while another thread could look. */
		if (ctx->status->threads != 1)
			prep->c->recover_thp = 0;
		ldr_fault_wait(ctx->fault->wait_commit);
		commit(prep, ctx, rep);
		copied = true;
		if (ctx->cfg->perf_map && img->main)
			ldr_perf_map_write(prep, img, rep);
		if (prime_now && ctx->cfg->prime && img->main)
			prime_for_next(ldr_source_fd(&prep->src), false, img,
				       ctx, rep);
	}
	ldr_prepare_release(prep);
	munmap(prep, sizeof(*prep));
	return copied;
}

/*
 * Whether, with HUGELINK_PRIME=1, the file is primed at once after a copy
 * (copy()), as FOUND asks: where the page cache held a range in small
 * folios, which the copy no longer maps; not where a range served was
 * read in, as the program keeps mapping the small folios exec read.
 */
static bool primes_at_once(const struct ldr_filetext_found *found)
{
	return found->small && !found->read_in;
}

/*
 * Whether, with HUGELINK_PRIME=1, the file is primed once the program
 * has ended, as FOUND asks: where a range served was read in, as the
 * program maps the small folios exec read, and no later start would see
 * them (its probes find huge ones); and where the page cache held a
 * range in small folios and nothing was swapped in, as the program still
 * maps them.
 */
static bool primes_once_ended(const struct ldr_filetext_found *found,
			      bool copied)
{
	return found->read_in || (found->small && !copied);
}

void ldr_move(struct ldr_move_work *w, const struct ldr_image *img,
	     const struct ldr_move_ctx *ctx, struct ldr_report *rep)
{
	struct ldr_filetext_found found = { 0 };
	bool copied = !plan_for(&w->plan, img, ctx, rep, &found) &&
		      copy(w, img, ctx, rep, primes_at_once(&found));

	if (ctx->cfg->prime && img->main && primes_once_ended(&found, copied))
		prime_once_ended(&w->plan, img, ctx, rep);
}

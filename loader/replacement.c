/* SPDX-License-Identifier: MIT */
/*
 * Building one range's huge pages, away from the range (prepare's step
 * 3): map the shared file of a read-only range (loader/share.c,
 * HUGETLB_SHARE=1), or choose its backing (loader/choose.c) and build
 * it: hugetlb pages reserved and populated (loader/backing.c), or
 * transparent huge pages populated (loader/thp.c); when one cannot be
 * had, the choice falls to the next.  A read-only range is copied and
 * given its final protection now; a writable one is copied by commit, at
 * the last moment.  Where the kernel cannot move hugetlb mappings
 * (loader/choose.c finds out once, on a mapping of its own), a read-only
 * hugetlb range is built in a file that commit maps over the target.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch/raw.h"
#include "loader/replacement.h"
#include "loader/clip.h"
#include "loader/forkguard.h"
#include "loader/thp.h"
#include "loader/uprobes.h"

/* The clock, when the report will show the times (remap_commit.timed). */
static uint64_t now(const struct ldr_prepared *p)
{
	return p->c->timed ? raw_now_ns() : 0;
}

/* The bytes a read-only range copies, and where the file holds them. */
static struct ldr_bytes bytes_of(const struct remap_range *s,
				const struct hl_seg *seg,
				const struct hl_phdr *ph)
{
	const struct remap_copy *k = &s->copy[0];
	struct ldr_bytes b = { k->start, k->end, 0, 0 };

	b.off = (off_t)(ph->offset + (k->start - seg->start));
	b.file_len = ldr_clamp(seg->file_end, k->start, k->end) - k->start;
	return b;
}

/*
 * Copy read-only range S into B now, one huge page at a time: each is
 * faulted in (the kernel zeroes it) just before the copier fills it, so
 * that the copy writes into memory the cache still holds, rather than
 * zeroing the whole range in one pass and copying in a second.
 */
static int copy_by_page(struct ldr_prepared *p, struct remap_range *s,
			struct ldr_backing *b)
{
	struct remap_range part;
	int rc = 0;

	s->copied = 0;
	ldr_source_map(&p->src, &s->copy[0], p->c->base);
	for (size_t off = 0; off < s->len && !rc; off += b->page) {
		rc = ldr_backing_fault_in(b, off, b->page);
		ldr_range_clip(s, s->target + off, b->page, &part);
		if (!rc)
			s->copied += remap_copy_pages(p->c, &part);
	}
	ldr_source_unmap(&s->copy[0], p->c->base);
	return rc;
}

/*
 * Say in B why S's copy could not take its final protection: ERR, and
 * where it was to be made executable and that was refused, who refuses
 * (a process that may make no memory executable is caught before any
 * copy: loader/move.c).
 */
static void protect_failed(const struct remap_range *s, struct ldr_backing *b,
			   int err)
{
	if ((s->prot & PROT_EXEC) && (err == EPERM || err == EACCES))
		snprintf(b->error, sizeof(b->error), "making the copy "
			 "executable was refused (%s): a seccomp filter or a "
			 "security module forbids it", strerror(err));
	else
		snprintf(b->error, sizeof(b->error), "mprotect of the "
			 "huge-page copy failed: %s", strerror(err));
}

/*
 * Step 4: copy a read-only range now, with the copier commit uses for
 * writable ones (its source says which pages come from memory: see
 * loader/prepare.c), and without the uprobes' breakpoints among what was
 * written; fault in all of a writable one, which commit copies;
 * make a THP range's pages huge, and check from smaps that they are (the
 * kernel may give base pages without an error: the choice then falls to
 * the pool, or to base pages with the reason); seal a read-only range
 * with its final protection, and give a writable one that executes its
 * own now, which the swap carries over (commit writes it, and makes no
 * call that could fail after the point of no return).
 */
static int fill(struct ldr_prepared *p, struct remap_range *s,
		struct ldr_backing *b)
{
	uint64_t t0 = now(p);

	if (s->live ? ldr_backing_fault_in(b, 0, s->len) :
	    copy_by_page(p, s, b))
		return -1;
	if (!s->live && s->source == REMAP_FROM_WRITTEN)
		ldr_uprobes_drop(p->c, s);
	if (b->kind == HL_BACK_THP && (ldr_thp_collapse(b) || ldr_thp_check(b)))
		return -1;
	if (!s->live && (s->prot & PROT_EXEC))
		raw_sync_icache((void *)s->scratch, s->len);
	if ((!s->live || (s->prot & PROT_EXEC)) &&
	    mprotect((void *)s->scratch, s->len, s->prot)) {
		protect_failed(s, b, errno);
		ldr_backing_unmap(b);
		return -1;
	}
	s->prep_ns = now(p) - t0;
	return 0;
}

/*
 * Hand the backing B built for S over to commit: a hugetlb file (the
 * path of kernels that cannot move hugetlb mappings) is mapped over the
 * target, anything else moved; a shared file is moved only where MOVES,
 * the kernel moves hugetlb mappings (ldr_choice_file_moves), and mapped
 * over otherwise (remap/remap.h).
 */
static void hand_over(struct remap_range *s, const struct ldr_backing *b,
		      bool moves)
{
	s->scratch = (uintptr_t)b->addr;
	s->hugetlb = b->kind == HL_BACK_HUGETLB;
	s->how = b->fd >= 0 && !(b->shared && moves) ? REMAP_MAP_FILE :
						      REMAP_MOVE;
	s->fd = b->fd;
}

/*
 * Whether read-only range S may stand for its shared file, which is made
 * from the program file alone: where a page was written since it was
 * loaded, only if the uprobes wrote it, whose breakpoints no copy keeps.
 * A range that holds a patch, or a debugger's breakpoint, says why it
 * goes on privately.
 */
static bool shareable(struct ldr_prepared *p, const struct remap_range *s,
		      struct ldr_report *rep)
{
	int only;

	if (s->source != REMAP_FROM_WRITTEN)
		return true;
	p->c->prog_fd = ldr_source_fd(&p->src);
	only = ldr_uprobes_only(p->c, s);
	if (only > 0)
		return true;
	if (only < 0) {
		ldr_report_share(rep, false, "%#lx-%#lx: what was written in "
				 "memory since it was loaded cannot be told "
				 "(the program file or /proc/self/pagemap "
				 "cannot be read)", (unsigned long)s->target,
				 (unsigned long)(s->target + s->len));
		return false;
	}
	ldr_report_share(rep, false, "%#lx-%#lx was written in memory since "
			 "it was loaded (a patch, or a breakpoint), which a "
			 "file made from the program file would not hold",
			 (unsigned long)s->target,
			 (unsigned long)(s->target + s->len));
	return false;
}

/*
 * Step 3 for a read-only range when sharing: map the shared file, made
 * now if need be.  Returns 1 when mapped, 0 to go on privately.
 */
static int map_shared(struct ldr_prepared *p, int i, const struct hl_seg *seg,
		      const struct hl_phdr *ph, struct ldr_report *rep)
{
	struct remap_range *s = &p->c->swap[i];
	struct ldr_share_range r = {
		.phdr = seg->phdr, .ph = ph, .page = p->page[i],
		.lo = s->target, .hi = s->target + s->len,
		.bias = seg->start - ph->vaddr,
		.bytes = bytes_of(s, seg, ph), .src = &p->src,
	};
	uint64_t t0 = now(p);
	char err[LDR_BACKING_ERROR_LEN];
	bool made;
	int fd;

	if (p->share.dirfd < 0 || s->live || !shareable(p, s, rep))
		return 0;
	fd = ldr_share_file(&p->share, &r, &made, err, sizeof(err));
	if (fd < 0) {
		ldr_report_share(rep, p->share.no_hugetlbfs, "%s", err);
		return 0;
	}
	if (ldr_backing_map_shared(&p->back[i], fd, s->len, p->page[i],
				  s->prot)) {
		ldr_report_share(rep, false, "%s", p->back[i].error);
		close(fd);
		return 0;
	}
	hand_over(s, &p->back[i],
		  ldr_choice_file_moves(&p->choice, p->page[i]));
	s->copied = made ? r.bytes.to - r.bytes.from : 0;
	s->prep_ns = now(p) - t0;
	return 1;
}

/* Step 3: build backing WHAT for swap I: mapped, populated, filled. */
static int build(struct ldr_prepared *p, int i, enum hl_backing what,
		 const struct hl_seg *seg, const struct hl_config *cfg,
		 const struct ldr_fault *fault)
{
	struct ldr_backing *b = &p->back[i];
	struct remap_range *s = &p->c->swap[i];
	char name[32];
	int rc;

	/* The copier reads the file, now and for writable ranges at commit. */
	p->c->prog_fd = ldr_source_fd(&p->src);
	snprintf(name, sizeof(name), "hugelink:seg%d", seg->phdr);
	if (what == HL_BACK_THP) {
		rc = ldr_thp_map(b, s->len, p->page[i]);
		if (!rc && fault->thp_small)
			ldr_thp_refuse(b);
	} else if (fault->reserve) {
		snprintf(b->error, sizeof(b->error), "reserving hugetlb pages "
			 "failed (HUGELINK_FAULT=reserve)");
		rc = -1;
	} else if (s->live || p->choice.env.hugetlb_move) {
		rc = ldr_backing_map(b, s->len, p->page[i], cfg->path);
	} else {
		rc = ldr_backing_map_file(b, s->len, p->page[i], cfg->path,
					  name);
	}
	if (rc)
		return -1;
	hand_over(s, b, false);
	return fill(p, s, b);
}

/*
 * Why the writable range S may not take hugetlb pages, or NULL:
 * - a range that holds the start of the brk heap: in a child of a
 *   multithreaded parent, glibc's fork() resets there the locks of the
 *   stdio streams malloc placed in it, before any fork handler can give
 *   the child a copy (loader/forkguard.h);
 * - any writable range where the fork guard that will keep children off
 *   hugetlb pages does not last (ldr_forkguard_lasts): a copy of the
 *   runtime that dlclose() could unload would take the guard with it.
 */
static const char *hugetlb_refused(const struct remap_range *s)
{
	if (!s->live)
		return NULL;
	if (s->ncopy >= 2)
		return "it holds the start of the brk heap, which glibc's "
		       "fork() writes in a child before any handler can copy "
		       "it off hugetlb pages";
	if (!ldr_forkguard_lasts())
		return "the copy of the runtime that would guard fork() for "
		       "it is a library's, which dlclose() can unload, and "
		       "the guard with it";
	return NULL;
}

/* Build backing WHAT for range I, unless it is refused: 0, or -1 with
 * the reason in the range's backing's error. */
static int build_allowed(struct ldr_prepared *p, int i, enum hl_backing what,
			 const struct hl_seg *seg, const struct hl_config *cfg,
			 const struct ldr_fault *fault)
{
	const char *why = what == HL_BACK_HUGETLB ?
			  hugetlb_refused(&p->c->swap[i]) : NULL;

	if (why) {
		snprintf(p->back[i].error, sizeof(p->back[i].error), "%s",
			 why);
		p->back[i].short_pages = false;
		return -1;
	}
	return build(p, i, what, seg, cfg, fault);
}

/*
 * Steps 3 and 4 away from sharing: choose, build, and when the backing
 * chosen cannot be had, choose again without it.  A range left on base
 * pages gives the report every reason; one that went on THP because its
 * hugetlb pages were refused says why.
 */
static int back(struct ldr_prepared *p, int i, const struct hl_seg *seg,
		const struct hl_config *cfg, const struct ldr_fault *fault,
		struct ldr_report *rep)
{
	struct remap_range *s = &p->c->swap[i];
	size_t pages = s->len / p->page[i];
	struct hl_backing_choice c;
	/* Why hugetlb pages, then THP, were refused; and whether hugetlb
	 * pages were for want of pages in the pool. */
	char refused[2][LDR_REPORT_WHY_LEN] = { "", "" };
	bool short_pages = false;

	for (;;) {
		c = ldr_choice_take(&p->choice, seg, pages);
		if (c.backing == HL_BACK_BASE)
			break;
		if (!build_allowed(p, i, c.backing, seg, cfg, fault)) {
			if (refused[0][0] && c.backing == HL_BACK_THP &&
			    short_pages)
				ldr_report_thp_short(rep, "%s", refused[0]);
			else if (refused[0][0] && c.backing == HL_BACK_THP)
				ldr_report_thp(rep, "%s", refused[0]);
			ldr_choice_note_pool(&c, rep);
			return 0;
		}
		snprintf(refused[c.backing == HL_BACK_THP], sizeof(refused[0]),
			 "%#lx-%#lx: %s", (unsigned long)s->target,
			 (unsigned long)(s->target + s->len), p->back[i].error);
		if (c.backing == HL_BACK_HUGETLB)
			short_pages = p->back[i].short_pages;
		ldr_choice_refuse(&p->choice, &c, p->page[i]);
	}
	ldr_choice_note_pool(&c, rep);
	for (int k = 0; k < 2; k++)
		if (refused[k][0])
			ldr_report_why(rep, "%s", refused[k]);
	/* THP's refusal, said above, is why it is "not usable" now. */
	ldr_choice_explain(&p->choice, c.obstacles &
			   ~(refused[1][0] ? (unsigned)HL_OBST_THP_OFF : 0u),
			   seg->phdr, s->target, rep);
	ldr_report_base(rep, s->target, s->target + s->len, s->prot);
	return -1;
}

int ldr_make_replacement(struct ldr_prepared *p, int i,
	     const struct hl_seg *seg,
	     const struct hl_phdr *ph, const struct hl_config *cfg,
	     const struct ldr_fault *fault, struct ldr_report *rep)
{
	if (map_shared(p, i, seg, ph, rep))
		return 0;
	return back(p, i, seg, cfg, fault, rep);
}

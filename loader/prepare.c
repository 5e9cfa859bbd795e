/* SPDX-License-Identifier: MIT */
/*
 * Prepare: for each range the plan chose,
 *  1. check that it holds only the program's own memory,
 *  2. let it take in the start of the brk heap safely (loader/heap.c),
 *  3. build its huge pages away from it: a shared file, or the backing
 *     chosen for it, filled when it is read-only (loader/replacement.c),
 * and describe it for commit.  Runs before the point of no return: any
 * failure drops that range with its reasons and leaves it as it was.
 *
 * A read-only range's pages hold the file's bytes, except those written
 * since they were loaded, before this constructor ran: by a library that
 * patched the text (a hooking library's constructor, run-time code
 * patching, a library moved at a later dlopen pass), by a debugger that
 * started the program (gdb's "break" before "run"), or by a uprobe (perf
 * probe, bpftrace), with a breakpoint instruction.  /proc/self/pagemap
 * names the pages written, which are copied from memory, so that a patch
 * or a debugger's breakpoint stays; the uprobes' breakpoints are then
 * told apart and dropped (loader/uprobes.h), as the kernel would not
 * handle them in huge-page memory.  The other pages come from the file.
 * Most ranges hold no page written: one walk of the range's page tables
 * (PAGEMAP_SCAN) says so, and then every page comes from the file with no
 * pagemap entry read; without that ioctl (before Linux 6.7), the entries
 * are read as the range is copied.
 * A traced process never shares its text (loader/share.c would publish
 * what it holds to every later run), and a range holding more than the
 * file's bytes and the uprobes' is never shared (loader/replacement.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <unistd.h>

#include "arch/raw.h"
#include "core/trust.h"
#include "loader/clip.h"
#include "loader/replacement.h"
#include "loader/heap.h"
#include "loader/maps.h"
#include "loader/bti.h"
#include "loader/trust.h"
#include "loader/prepare.h"
#include "machine/pagemap.h"

#define PM_ENTRIES 4096

static const char fatal_text[] =
	"hugelink: fatal: a segment could not be put back after a failed "
	"huge-page swap; aborting. errno ";

static uintptr_t align_up(uintptr_t x, size_t a)
{
	return (x + a - 1) & ~(uintptr_t)(a - 1);
}

/*
 * True when some range will read /proc/self/pagemap: a read-only range
 * asks which of its pages were written since they were loaded, which
 * come from memory, and a writable one copies only the pages in use
 * (HUGETLB_MINIMAL_COPY).  A writable range copied whole needs none.
 */
static bool needs_pagemap(const struct hl_plan *plan,
			  const struct hl_config *cfg)
{
	for (int i = 0; i < plan->nseg; i++)
		if (plan->seg[i].remap &&
		    (plan->seg[i].cls != HL_CLASS_W || cfg->minimal_copy))
			return true;
	return false;
}

/* The hand-over lives in a mapping of its own, never in program data. */
static int handover_alloc(struct ldr_prepared *p, const struct hl_plan *plan,
			  const struct hl_config *cfg, size_t base)
{
	struct remap_commit *c;

	p->c_len = align_up(sizeof(*c) + PM_ENTRIES * sizeof(uint64_t), base);
	c = mmap(NULL, p->c_len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (c == MAP_FAILED)
		return -1;
	c->base = base;
	c->pm_buf = (uint64_t *)(c + 1);
	c->pm_len = PM_ENTRIES;
	c->pagemap_fd = needs_pagemap(plan, cfg) ?
			open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC) : -1;
	memcpy(c->fatal, fatal_text, sizeof(fatal_text) - 1);
	c->fatal_len = sizeof(fatal_text) - 1;
	p->c = c;
	return 0;
}

/*
 * The permissions /proc/self/maps shows for memory the kernel mapped
 * with PROT, "r-x", into OUT.
 */
static void maps_perms(int prot, bool read_implies_exec, char out[4])
{
	out[0] = prot & PROT_READ ? 'r' : '-';
	out[1] = prot & PROT_WRITE ? 'w' : '-';
	out[2] = prot & PROT_EXEC ||
		 (read_implies_exec && prot & PROT_READ) ? 'x' : '-';
	out[3] = '\0';
}

/*
 * Step 1: the range [*lo, *hi) may hold only the object's own memory
 * (loader/maps.h says what that is), with the segment's protection.  A foreign mapping beside the
 * segment (the vDSO next to a static-pie program's bss, say) shortens
 * the range; one inside it, or a hole in it, refuses it.
 */
static int check_maps(const struct ldr_prepared *p, const struct hl_seg *seg,
		      const struct hl_phdr *ph, uintptr_t *lo, uintptr_t *hi,
		      uintptr_t *heap_start, struct ldr_report *rep)
{
	char perms[4];
	struct hl_maps_query q = {
		.lo = *lo, .hi = *hi, .own_lo = seg->start, .own_hi = seg->end,
		.prog = &p->prog, .file_end = seg->file_end,
		.file_off = (unsigned long)ph->offset, .base = p->c->base,
		.brk_follows = p->src.img->main, .perms = perms,
	};
	struct hl_maps_info info;
	uintptr_t mask = ~(uintptr_t)(seg->page - 1);

	maps_perms(seg->prot, p->read_implies_exec, perms);
	switch (hl_maps_check(&p->maps, &q, &info)) {
	case HL_MAPS_OURS_TO_TAKE:
		break;
	case HL_MAPS_ALREADY_HUGE:
		return -1;
	case HL_MAPS_GAP:
		ldr_report_why(rep,
			      "segment %d: %#lx-%#lx is not all mapped: %s",
			      seg->phdr, (unsigned long)seg->start,
			      (unsigned long)seg->end, info.foreign);
		return -1;
	case HL_MAPS_FOREIGN:
		ldr_report_why(rep, "segment %d: %#lx-%#lx also holds %s",
			      seg->phdr, (unsigned long)*lo, (unsigned long)*hi,
			      info.foreign);
		return -1;
	case HL_MAPS_UNREADABLE:
		ldr_report_why(rep, "cannot read /proc/self/maps%s%s",
			      info.foreign[0] ? ": " : "", info.foreign);
		return -1;
	}
	if (info.clear_lo > *lo || info.clear_hi < *hi) {
		*lo = (info.clear_lo + seg->page - 1) & mask;
		*hi = info.clear_hi & mask;
		if (*hi > *lo)
			ldr_report_why(rep, "segment %d: only %#lx-%#lx of it "
				      "can go on huge pages: %s lies in the "
				      "rest", seg->phdr, (unsigned long)*lo,
				      (unsigned long)*hi, info.foreign);
		else
			ldr_report_why(rep, "segment %d: %s lies in the huge "
				      "pages it would take", seg->phdr,
				      info.foreign);
	}
	*heap_start = info.heap_start;
	return *hi > *lo ? 0 : -1;
}

/*
 * Whether the last base page of SEG's file part can be read.  A file part
 * that runs past the end of its file (a file cut short, or headers that
 * claim more than it holds) is mapped with pages that raise SIGBUS when
 * touched, and a copy touches them all; MADV_POPULATE_READ reports such a
 * page with EFAULT instead.  Where the kernel lacks it (EINVAL, before
 * Linux 5.14), the range is copied unchecked.
 */
static bool file_part_readable(const struct hl_seg *seg, size_t base)
{
	uintptr_t last;

	if (seg->file_end <= seg->start)
		return true;
	last = (seg->file_end - 1) & ~(uintptr_t)(base - 1);
	return raw_madvise((void *)last, base, MADV_POPULATE_READ) != -EFAULT;
}

/* Steps 1 and 2: [*lo, *hi) holds nothing we cannot carry over. */
static int check_range(const struct ldr_prepared *p, const struct hl_seg *seg,
		       const struct hl_phdr *ph, uintptr_t *lo, uintptr_t *hi,
		       struct remap_range *s, struct ldr_report *rep)
{
	uintptr_t heap_start;

	if (check_maps(p, seg, ph, lo, hi, &heap_start, rep))
		return -1;
	if (!file_part_readable(seg, p->c->base)) {
		ldr_report_why(rep, "segment %d: its file part runs past the "
			       "end of its file, where its pages cannot be "
			       "read", seg->phdr);
		return -1;
	}
	if (seg->cls == HL_CLASS_W &&
	    ldr_heap_make_room(*lo, hi, seg->end, heap_start, seg->page,
			       &s->copy[1]))
		s->ncopy = 2;
	if (*hi <= *lo) {
		ldr_report_why(rep, "segment %d: its huge pages would cover "
			      "the brk heap, and the break cannot be moved",
			      seg->phdr);
		return -1;
	}
	return 0;
}

/*
 * Where read-only memory K is copied from: the file alone where no page
 * was written since it was loaded; otherwise, or where the kernel cannot
 * tell, the pages its pagemap says were written from memory.
 */
static enum remap_source read_only_source(int pagemap,
					  const struct remap_copy *k)
{
	return mach_pagemap_written(pagemap, k->start, k->end) == 0 ?
	       REMAP_FROM_FILE : REMAP_FROM_WRITTEN;
}

/* The segment's own memory in [lo, hi), as it will be copied. */
static void describe(const struct hl_seg *seg, const struct hl_phdr *ph,
		     const struct hl_config *cfg, size_t base, int pagemap,
		     struct remap_range *s)
{
	uintptr_t from = ldr_clamp(seg->start, s->target, s->target + s->len);
	uintptr_t to = ldr_clamp(align_up(seg->end, base), from,
				 s->target + s->len);

	s->copy[0].start = from;
	s->copy[0].end = to;
	s->copy[0].sparse = ldr_clamp(seg->file_end, from, to);
	s->copy[0].file_off = from < seg->file_end ?
			      (long)(ph->offset + (from - seg->start)) : -1;
	s->live = seg->cls == HL_CLASS_W;
	if (s->live)
		s->source = cfg->minimal_copy ? REMAP_FROM_USED :
			    REMAP_FROM_ALL;
	else
		s->source = read_only_source(pagemap, &s->copy[0]);
	s->prot = seg->prot;
}

static int prepare_one(struct ldr_prepared *p, int k, const struct hl_seg *seg,
		       const struct hl_phdr *ph, const struct hl_config *cfg,
		       const struct ldr_fault *fault, struct ldr_report *rep)
{
	int i = p->c->nswap;
	struct remap_range *s = &p->c->swap[i];
	uintptr_t lo = seg->map_start, hi = seg->map_end;

	memset(s, 0, sizeof(*s));
	s->ncopy = 1;
	s->fd = -1;
	if (ldr_holes_unheld(&p->holes, k)) {
		ldr_report_why(rep, "segment %d: free address space in its "
			       "huge pages could not be held until the swap "
			       "(something was mapped there as it was checked)",
			       seg->phdr);
		return -1;
	}
	if (check_range(p, seg, ph, &lo, &hi, s, rep))
		return -1;
	s->target = lo;
	s->len = hi - lo;
	p->page[i] = seg->page;
	describe(seg, ph, cfg, p->c->base, p->c->pagemap_fd, s);
	if (s->prot & PROT_EXEC)
		s->prot |= p->exec_prot;
	ldr_fault_wait(fault->wait_reserve);
	if (ldr_make_replacement(p, i, seg, ph, cfg, fault, rep))
		return -1;
	p->c->nswap++;
	return 0;
}

/*
 * The read-only segment to be moved that holds the most bytes of its own
 * (the text, as a rule), or NULL: the share directory is that segment's
 * page size, and ranges on another size take private copies.
 */
static const struct hl_seg *largest_read_only(const struct hl_plan *plan)
{
	const struct hl_seg *best = NULL;

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *seg = &plan->seg[i];

		if (seg->remap && seg->cls == HL_CLASS_R &&
		    (!best || seg->end - seg->start > best->end - best->start))
			best = seg;
	}
	return best;
}

/*
 * Sharing is set up once, for the page size of the largest read-only
 * segment: a range on another size is not shared (loader/share.c says
 * why).  A traced process keeps its text private: see the top of this
 * file.
 */
static void share_setup(struct ldr_prepared *p, const struct hl_plan *plan,
			const struct ldr_image *img,
			const struct hl_config *cfg,
			const struct ldr_fault *fault, struct ldr_report *rep)
{
	const struct hl_seg *seg;

	if (!cfg->share)
		return;
	if (p->tracer) {
		ldr_report_share_traced(rep, p->tracer);
		return;
	}
	seg = largest_read_only(plan);
	if (!seg)
		return;
	if (ldr_share_open_dir(&p->share, cfg, img, &p->prog, seg->page))
		ldr_report_share(rep, p->share.no_hugetlbfs, "%s",
				 p->share.error);
	p->share.wait_publish = fault->wait_publish[0] ? fault->wait_publish :
						      NULL;
}

int ldr_prepare(struct ldr_prepared *p, const struct hl_plan *plan,
	       const struct ldr_image *img, const struct hl_config *cfg,
	       const struct ldr_fault *fault, const struct mach_status *st,
	       struct ldr_report *rep)
{
	memset(p, 0, sizeof(*p));
	p->share.dirfd = -1;
	/* Its plan came from its headers: only from headers loader/trust.h
	 * trusted. */
	if (!ldr_image_trusted(img)) {
		ldr_report_why(rep, "%s", ldr_trust_why(img));
		return -1;
	}
	ldr_source_init(&p->src, &p->prog, img);
	p->tracer = st->tracer;
	p->exec_prot = ldr_bti_exec_prot(img);
	p->read_implies_exec = (personality(0xffffffff) & READ_IMPLIES_EXEC) != 0;
	if (ldr_maps_read(&p->maps)) {
		ldr_report_why(rep, "cannot read /proc/self/maps");
		return -1;
	}
	/* Before the runtime maps anything else. */
	ldr_holes_hold(&p->holes, &p->maps, plan);
	if (handover_alloc(p, plan, cfg, (size_t)sysconf(_SC_PAGESIZE))) {
		ldr_report_why(rep, "cannot map memory for the swap");
		return -1;
	}
	p->c->fault = fault->commit;
	p->c->timed = rep->verbose >= HL_V_INFO;
	switch (hl_maps_object_file(&p->maps, plan, img->ph, &p->prog)) {
	case 0:
		if (hl_trust_movable(img->trust, img->main))
			break;
		ldr_report_why(rep, "its file cannot be read to check its "
			      "program headers, which say nothing sure beyond "
			      "its file bytes: left as it is");
		return -1;
	case 1:
		return 0;
	default:
		ldr_report_why(rep, "cannot find the program's file in "
			      "/proc/self/maps");
		return -1;
	}
	ldr_choice_init(&p->choice, plan, img, cfg, fault,
			st->thp_enabled != 0);
	share_setup(p, plan, img, cfg, fault, rep);
	/* Not sharing: the machine as it is now, before anything waits. */
	if (p->share.dirfd < 0)
		ldr_choice_read_machine(&p->choice);
	for (int i = 0; i < plan->nseg; i++)
		if (plan->seg[i].remap)
			prepare_one(p, i, &plan->seg[i],
				    &img->ph[plan->seg[i].phdr],
				    cfg, fault, rep);
	ldr_share_close(&p->share);
	ldr_choice_report_pool(&p->choice, rep);
	/*
	 * THP as the ranges left it: a failed MADV_HUGEPAGE turned it off.
	 * A start that mapped shared files only never read it, and restores
	 * a failed swap onto base pages.
	 */
	p->c->recover_thp = p->choice.env.thp_page &&
			    !p->choice.offer.strict_overcommit;
	return p->c->nswap;
}

void ldr_prepare_release(struct ldr_prepared *p)
{
	ldr_holes_release(&p->holes, p->swapped ? p->c : NULL);
	ldr_maps_free(&p->maps);
	if (!p->c)
		return;
	/*
	 * A range swapped with mremap moved its mapping away, and only its
	 * file, if any, is left to close; the rest are unmapped, and the
	 * files mapped over their targets closed.
	 */
	for (int i = 0; i < p->c->nswap; i++) {
		struct ldr_backing *b = &p->back[i];

		if (p->c->swap[i].err || p->c->swap[i].how == REMAP_MAP_FILE) {
			ldr_backing_unmap(b);
		} else if (b->fd >= 0) {
			close(b->fd);
			b->fd = -1;
		}
	}
	if (p->c->pagemap_fd >= 0)
		close(p->c->pagemap_fd);
	ldr_source_close(&p->src);
	munmap(p->c, p->c_len);
	p->c = NULL;
}

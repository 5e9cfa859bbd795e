/* SPDX-License-Identifier: MIT */
/*
 * Planning: from program headers to the ranges that go on huge pages.
 *
 * Pure: no system calls, no allocation, no globals.  Every field of the
 * headers is checked before it is used, in the manner of binfmt_elf.
 *
 * A segment is remapped as the huge-page-aligned range around it,
 * [ALIGN_DOWN(start, P), ALIGN_UP(end, P)), as long as that range holds
 * nothing else: no other PT_LOAD and no read-only-after-relocation
 * (RELRO) page.  A writable segment that starts with RELRO is remapped
 * from the first huge-page boundary after it, so RELRO stays read-only on
 * base pages.  A range that would hold something else is refused, or
 * with HUGETLB_FORCE_ELFMAP shrunk to the aligned interior.  Before it
 * is refused, smaller huge page sizes are tried: a program laid out for
 * 2 MiB pages and run with W=1G still gets 2 MiB pages, and the small
 * segment a 1 GiB layout leaves after RELRO gets one.  A shared
 * library's ranges also stay below the end of its mapping (plan->limit),
 * and end on the last huge page before it.  A segment that asks for the
 * default size but holds no whole page of it takes the largest smaller
 * huge page size it fills, where the machine has one (arm64's 64 KiB).
 * A segment that is neither text nor data and would leave most of its
 * huge pages empty stays on base pages (keep_filled).
 */
#include <elf.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "core/plan.h"
#include "core/size.h"

#define ALIGN_DOWN(x, a) ((x) & ~((uintptr_t)(a) - 1))
#define ALIGN_UP(x, a) ALIGN_DOWN((x) + (a) - 1, (a))

static int refuse(struct hl_plan *plan, const char *why)
{
	strncpy(plan->error, why, sizeof(plan->error) - 1);
	return -1;
}

/* The size to use for a request: the default for HL_PAGE_DEFAULT. */
static size_t resolve(const struct hl_config *cfg,
		      const struct hl_sizes *sizes, size_t asked)
{
	if (asked != HL_PAGE_DEFAULT)
		return asked;
	return cfg->default_page ? cfg->default_page : sizes->def;
}

const char *hl_sizes_text(const struct hl_sizes *sizes, char *buf, size_t len)
{
	size_t used = 0;
	char one[16];

	buf[0] = '\0';
	for (int k = 0; sizes && k < sizes->navail && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
				 k ? ", " : "",
				 hl_format_size(sizes->avail[k], one,
						sizeof(one)));
	return buf[0] ? buf : "none";
}

static bool supported(const struct hl_sizes *sizes, size_t page)
{
	for (int i = 0; i < sizes->navail; i++)
		if (sizes->avail[i] == page)
			return true;
	return false;
}

/*
 * The page size for SEG when nothing names one: the machine's default,
 * unless SEG holds no whole page of it and the machine has a smaller
 * huge page size that SEG fills; then the largest such size.  On arm64
 * a 1 MiB text gets 64 KiB (contiguous-PTE) pages rather than one 2 MiB
 * page mostly of padding, or none; on x86-64, with nothing between 4 KiB
 * and 2 MiB, this is always the default.
 */
static size_t default_for(const struct hl_sizes *sizes,
			  const struct hl_seg *seg)
{
	size_t len = seg->end - seg->start, best = 0;

	if (len >= sizes->def)
		return sizes->def;
	for (int i = 0; i < sizes->navail; i++)
		if (sizes->avail[i] > sizes->base && sizes->avail[i] <= len &&
		    sizes->avail[i] > best)
			best = sizes->avail[i];
	return best ? best : sizes->def;
}

/* The page size SEG asks for, or 0 with SEG->why saying why none. */
static size_t choose_page(const struct hl_config *cfg,
			  const struct hl_sizes *sizes, struct hl_seg *seg)
{
	size_t asked = 0;

	switch (cfg->elfmap) {
	case HL_ELFMAP_NO:
		seg->why = HL_WHY_DISABLED;
		return 0;
	case HL_ELFMAP_SET:
		asked = seg->cls == HL_CLASS_R ? cfg->r_page : cfg->w_page;
		break;
	case HL_ELFMAP_UNSET:
		asked = seg->flagged ? HL_PAGE_DEFAULT : 0;
		break;
	}
	if (!asked) {
		seg->why = HL_WHY_NOT_ASKED;
		return 0;
	}
	if (asked == HL_PAGE_DEFAULT && !cfg->default_page && sizes->def)
		asked = default_for(sizes, seg);
	else
		asked = resolve(cfg, sizes, asked);
	if (!asked || !supported(sizes, asked)) {
		seg->why = HL_WHY_NO_SIZE;
		return asked;
	}
	return asked;
}

static int prot_of(uint32_t flags)
{
	return (flags & PF_R ? PROT_READ : 0) |
	       (flags & PF_W ? PROT_WRITE : 0) |
	       (flags & PF_X ? PROT_EXEC : 0);
}

/*
 * The last address a segment may end at: where the last page of the
 * largest size the plan rounds to (base or huge) begins.  Every end up
 * to it rounds up to any of those sizes without passing the top of the
 * address space; one past it would round to 0, and a range ending there
 * would seem to meet nothing.
 */
static uintptr_t highest_end(const struct hl_sizes *sizes)
{
	size_t page = sizes->base > sizes->def ? sizes->base : sizes->def;

	for (int i = 0; i < sizes->navail; i++)
		if (sizes->avail[i] > page)
			page = sizes->avail[i];
	return page ? ALIGN_DOWN(UINTPTR_MAX, page) : UINTPTR_MAX;
}

/*
 * Check one header and, for a PT_LOAD, record it as a segment, which
 * must end at TOP or below.
 */
static int take_phdr(struct hl_plan *plan, const struct hl_phdr *ph, int i,
		     uintptr_t bias, uintptr_t top)
{
	struct hl_seg *seg;

	/* Only a PT_LOAD's sizes say what is mapped: GNU ld gives the
	 * PT_INTERP of libhugetlbfs's B and BDT scripts a p_memsz short of
	 * its p_filesz, which the kernel and the dynamic loader ignore. */
	if (ph->type == PT_LOAD && ph->filesz > ph->memsz)
		return refuse(plan, "a segment's p_filesz exceeds its p_memsz");
	if (ph->vaddr > UINTPTR_MAX - bias ||
	    ph->memsz > UINTPTR_MAX - (ph->vaddr + bias))
		return refuse(plan, "a segment's end address overflows");
	if (ph->align & (ph->align - 1))
		return refuse(plan,
			      "a segment's p_align is not a power of two");
	if (ph->type == PT_GNU_RELRO) {
		plan->relro_start = ph->vaddr + bias;
		plan->relro_end = ph->vaddr + bias + ph->memsz;
	}
	if (ph->type != PT_LOAD || ph->memsz == 0)
		return 0;
	if (ph->vaddr + bias + ph->memsz > top)
		return refuse(plan, "a segment ends in the last huge page of "
			      "the address space");
	if (plan->nseg == HL_MAX_SEGS)
		return refuse(plan, "too many PT_LOAD segments");
	/* As the ELF specification requires: ascending, and apart. */
	if (plan->nseg && ph->vaddr + bias < plan->seg[plan->nseg - 1].end)
		return refuse(plan,
			      "PT_LOAD segments out of order or overlapping");
	seg = &plan->seg[plan->nseg++];
	seg->phdr = i;
	seg->cls = ph->flags & PF_W ? HL_CLASS_W : HL_CLASS_R;
	seg->prot = prot_of(ph->flags);
	seg->flagged = ph->flags & HL_PF_HUGETLB;
	seg->start = ph->vaddr + bias;
	seg->end = seg->start + ph->memsz;
	seg->file_end = seg->start + ph->filesz;
	return 0;
}

/* True when [lo, hi) meets [a, b) rounded out to base pages. */
static bool meets(uintptr_t lo, uintptr_t hi, uintptr_t a, uintptr_t b,
		  size_t base)
{
	return a < b && lo < ALIGN_UP(b, base) && ALIGN_DOWN(a, base) < hi;
}

/* The part of a segment that may go on huge pages, and the page size. */
struct span {
	uintptr_t from, end;
	size_t page;
};

/*
 * Keep [*lo, *hi) clear of [a, b), the base pages of something else.
 * With FORCE the range shrinks to the huge pages inside SP; without it
 * the range is refused (false).
 */
static bool avoid(const struct span *sp, uintptr_t a, uintptr_t b,
		  size_t base, bool force, uintptr_t *lo, uintptr_t *hi)
{
	if (!meets(*lo, *hi, a, b, base))
		return true;
	if (!force)
		return false;
	if (a < sp->from)
		*lo = ALIGN_UP(sp->from, sp->page);
	else
		*hi = ALIGN_DOWN(sp->end, sp->page);
	return true;
}

/*
 * Fit SEG's huge-page range among the others, every address moved down by
 * SHIFT (to ask "would it fit at an aligned load address?").  Returns the
 * verdict; on success [*lo, *hi) is the range.
 */
static enum hl_why fit(const struct hl_plan *plan, const struct hl_seg *seg,
		       size_t base, bool force, uintptr_t shift,
		       uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t ro_start = ALIGN_DOWN(plan->relro_start - shift, base);
	uintptr_t ro_end = ALIGN_DOWN(plan->relro_end - shift, base);
	struct span sp = { seg->start - shift, seg->end - shift, seg->page };
	bool clear = true;

	/* RELRO at the head of a writable segment stays on base pages. */
	if (plan->relro_end > plan->relro_start && ro_end > sp.from &&
	    ro_start < sp.end) {
		if (ro_end >= sp.end)
			return HL_WHY_ALL_RELRO;
		sp.from = ro_end;
	}
	*lo = ALIGN_DOWN(sp.from, sp.page);
	*hi = ALIGN_UP(sp.end, sp.page);
	for (int i = 0; i < plan->nseg && clear; i++)
		if (plan->seg[i].phdr != seg->phdr)
			clear = avoid(&sp, plan->seg[i].start - shift,
				      plan->seg[i].end - shift, base, force,
				      lo, hi);
	if (clear && plan->relro_end > plan->relro_start)
		clear = avoid(&sp, ro_start, ro_end, base, force, lo, hi);
	/* Past a library's end lies no segment of its own: end before it;
	 * below its start neither: begin after it. */
	if (clear && plan->limit)
		clear = avoid(&sp, plan->limit - shift,
			      plan->limit - shift + base, base, true, lo, hi);
	if (clear && plan->floor && plan->floor - shift >= base)
		clear = avoid(&sp, plan->floor - shift - base,
			      plan->floor - shift, base, true, lo, hi);
	if (!clear)
		return HL_WHY_SHARES_PAGE;
	if (*lo >= *hi)
		return HL_WHY_TOO_SMALL;
	return *lo <= sp.from && *hi >= sp.end ? HL_WHY_FULL : HL_WHY_PARTIAL;
}

static bool placed(enum hl_why why)
{
	return why == HL_WHY_FULL || why == HL_WHY_PARTIAL;
}

/* Fit SEG with a huge page size smaller than asked; true when one fits. */
static bool fit_smaller(const struct hl_plan *plan,
			const struct hl_sizes *sizes,
			struct hl_seg *seg, uintptr_t *lo, uintptr_t *hi)
{
	struct hl_seg trial = *seg;

	for (int i = sizes->navail - 1; i >= 0; i--) {
		if (sizes->avail[i] >= seg->page)
			continue;
		trial.page = sizes->avail[i];
		if (fit(plan, &trial, sizes->base, false, 0, lo, hi) ==
		    HL_WHY_FULL) {
			seg->asked = seg->page;
			seg->page = trial.page;
			seg->why = HL_WHY_FULL;
			return true;
		}
	}
	return false;
}

/*
 * Whether SEG's range fits at the size asked only by where the object was
 * loaded: at an address aligned to that size it would share a huge page
 * (the object was laid out for a smaller size).  Such a fit comes and goes
 * with address randomisation, so the size the layout allows, when one
 * fits, is taken instead, and every start gets the same pages.
 */
static bool fits_by_chance(const struct hl_plan *plan,
			   const struct hl_sizes *sizes, bool force,
			   uintptr_t misalign, const struct hl_seg *seg)
{
	uintptr_t lo, hi;

	return !force && misalign &&
	       fit(plan, seg, sizes->base, false, misalign, &lo, &hi) ==
	       HL_WHY_SHARES_PAGE;
}

/* Work out the huge-page range of a segment that asks for pages. */
static void place(const struct hl_plan *plan, const struct hl_sizes *sizes,
		  bool force, uintptr_t bias, struct hl_seg *seg)
{
	uintptr_t misalign = bias % seg->page, lo, hi;

	seg->why = fit(plan, seg, sizes->base, force, 0, &lo, &hi);
	if (placed(seg->why) &&
	    fits_by_chance(plan, sizes, force, misalign, seg)) {
		uintptr_t slo, shi;

		if (fit_smaller(plan, sizes, seg, &slo, &shi)) {
			lo = slo;
			hi = shi;
		}
	}
	if (seg->why == HL_WHY_SHARES_PAGE &&
	    !fit_smaller(plan, sizes, seg, &lo, &hi) && misalign &&
	    fit(plan, seg, sizes->base, false, misalign, &lo, &hi) ==
	    HL_WHY_FULL) {
		seg->why = HL_WHY_UNALIGNED_BASE;
		return;
	}
	if (!placed(seg->why))
		return;
	seg->map_start = lo;
	seg->map_end = hi;
	seg->remap = true;
}

/*
 * HUGETLB_ELFMAP's cap for class CLS: its ranges, in address order, take
 * huge pages from their start until CAP bytes are taken.  A range cut
 * short keeps its first part, and the rest of its segment stays on base
 * pages, as does every range after the cap is used up.  With GNU ld's
 * default scripts the start of the text is the PLT, then .text.unlikely,
 * .text.exit, .text.startup and .text.hot (gcc's -freorder-functions),
 * then the rest.
 */
static void apply_cap(struct hl_plan *plan, enum hl_class cls, size_t cap)
{
	size_t left = cap;

	for (int i = 0; cap && i < plan->nseg; i++) {
		struct hl_seg *seg = &plan->seg[i];
		size_t len = seg->map_end - seg->map_start;
		size_t take = ALIGN_DOWN(left, seg->page);

		if (!seg->remap || seg->cls != cls)
			continue;
		if (take >= len) {
			left -= len;
		} else if (!take) {
			seg->remap = false;
			seg->why = !ALIGN_DOWN(cap, seg->page) ?
				   HL_WHY_CAP_BELOW_PAGE : HL_WHY_BEYOND_CAP;
		} else {
			seg->map_end = seg->map_start + take;
			seg->why = HL_WHY_CAPPED;
			left -= take;
		}
	}
}

/* The least of N * PERCENT / 100, rounded up, computed without overflow. */
static uintptr_t share_of(uintptr_t n, unsigned percent)
{
	return n / 100 * percent + (n % 100 * percent + 99) / 100;
}

/*
 * Put back on base pages each segment that is neither text nor data and
 * whose bytes fill less than MIN_FILL percent of its huge-page range.
 * Such a segment is one the linker's layout adds beside the text -- the
 * ELF headers' segment, read-only data kept apart from code -- and a
 * whole huge page from the pool for a few KiB of it holds memory the
 * program never uses and buys a TLB entry it seldom needs.  Text and
 * data are what HUGETLB_ELFMAP's classes name, and move whatever they
 * fill: HUGETLB_ELFMAP=R moves a small program's text.
 */
static void keep_filled(struct hl_plan *plan, unsigned min_fill)
{
	for (int i = 0; min_fill && i < plan->nseg; i++) {
		struct hl_seg *seg = &plan->seg[i];
		uintptr_t lo = seg->start > seg->map_start ? seg->start :
			       seg->map_start;
		uintptr_t hi = seg->end < seg->map_end ? seg->end :
			       seg->map_end;

		if (!seg->remap || seg->cls == HL_CLASS_W ||
		    (seg->prot & PROT_EXEC))
			continue;
		if (hi - lo < share_of(seg->map_end - seg->map_start,
				       min_fill)) {
			seg->remap = false;
			seg->why = HL_WHY_SPARSE;
		}
	}
}

/* Keep only SEG's part that holds the hot range, in whole huge pages. */
static void keep_hot(struct hl_seg *seg, const struct hl_hot *hot)
{
	uintptr_t lo = ALIGN_DOWN(hot->start, seg->page);
	uintptr_t hi = ALIGN_UP(hot->end, seg->page);

	if (lo < seg->map_start)
		lo = seg->map_start;
	if (hi > seg->map_end)
		hi = seg->map_end;
	if (lo >= hi) {
		seg->remap = false;
		seg->why = HL_WHY_NOT_HOT;
		return;
	}
	seg->map_start = lo;
	seg->map_end = hi;
	seg->why = HL_WHY_HOT;
}

void hl_plan_text(struct hl_plan *plan, const struct hl_config *cfg,
		  const struct hl_hot *hot)
{
	bool by_order = cfg->text == HL_TEXT_HOT && hot->ordered;
	size_t left = cfg->text_budget;

	for (int i = 0; i < plan->nseg; i++) {
		struct hl_seg *seg = &plan->seg[i];
		size_t pages;

		if (!seg->remap || !(seg->prot & PROT_EXEC))
			continue;
		if (by_order)
			keep_hot(seg, hot);
		else if (cfg->text == HL_TEXT_HOT)
			seg->why = HL_WHY_NO_ORDER;
		if (!seg->remap || !cfg->text_budget)
			continue;
		pages = (seg->map_end - seg->map_start) / seg->page;
		if (!left) {
			seg->remap = false;
			seg->why = HL_WHY_BEYOND_TEXT_BUDGET;
		} else if (pages > left) {
			seg->map_end = seg->map_start + left * seg->page;
			seg->why = by_order ? HL_WHY_TEXT_BUDGET :
				   HL_WHY_TEXT_BUDGET_FIRST;
			left = 0;
		} else {
			left -= pages;
		}
	}
}

int hl_plan_build(struct hl_plan *plan, const struct hl_config *cfg,
		  const struct hl_sizes *sizes, const struct hl_phdr *ph,
		  size_t phnum, uintptr_t bias)
{
	return hl_plan_build_object(plan, cfg, sizes, ph, phnum, bias, 0);
}

int hl_plan_build_object(struct hl_plan *plan, const struct hl_config *cfg,
			 const struct hl_sizes *sizes, const struct hl_phdr *ph,
			 size_t phnum, uintptr_t bias, uintptr_t limit)
{
	uintptr_t top = highest_end(sizes);

	memset(plan, 0, sizeof(*plan));
	plan->limit = limit;
	for (size_t i = 0; i < phnum; i++)
		if (take_phdr(plan, &ph[i], (int)i, bias, top))
			return -1;
	if (limit && plan->nseg)
		plan->floor = ALIGN_DOWN(plan->seg[0].start, sizes->base);
	for (int i = 0; i < plan->nseg; i++) {
		struct hl_seg *seg = &plan->seg[i];

		seg->page = choose_page(cfg, sizes, seg);
		if (seg->page && seg->why == HL_WHY_PENDING)
			place(plan, sizes, cfg->force, bias, seg);
	}
	keep_filled(plan, cfg->min_fill_set ? cfg->min_fill :
		    HL_MIN_FILL_DEFAULT);
	if (cfg->elfmap == HL_ELFMAP_SET) {
		apply_cap(plan, HL_CLASS_R, cfg->r_cap);
		apply_cap(plan, HL_CLASS_W, cfg->w_cap);
	}
	return 0;
}

uintptr_t hl_phdrs_end(const struct hl_phdr *ph, size_t phnum,
		       uintptr_t bias, size_t base)
{
	uintptr_t end = 0;

	for (size_t i = 0; i < phnum; i++) {
		uint64_t e = ph[i].vaddr + ph[i].memsz;

		if (ph[i].type != PT_LOAD)
			continue;
		if (e < ph[i].vaddr || e > UINTPTR_MAX - base ||
		    bias > UINTPTR_MAX - base - e)
			return 0;
		if (bias + e > end)
			end = (uintptr_t)(bias + e);
	}
	return end ? ALIGN_UP(end, base) : 0;
}

bool hl_phdrs_relinked(const struct hl_sizes *sizes, const struct hl_phdr *ph,
		       size_t phnum, uintptr_t bias)
{
	/* Both classes asked: constant, so that no call fills a whole
	 * configuration for the few fields a plan reads. */
	static const struct hl_config both = {
		.elfmap = HL_ELFMAP_SET,
		.r_page = HL_PAGE_DEFAULT, .w_page = HL_PAGE_DEFAULT,
	};
	struct hl_plan plan;

	if (!sizes->navail ||
	    hl_plan_build(&plan, &both, sizes, ph, phnum, bias))
		return false;
	for (int i = 0; i < plan.nseg; i++)
		if (plan.seg[i].why == HL_WHY_SHARES_PAGE ||
		    plan.seg[i].why == HL_WHY_UNALIGNED_BASE)
			return false;
	return true;
}

bool hl_phdrs_below(const struct hl_phdr *ph, size_t phnum, size_t align,
		    size_t span)
{
	for (size_t i = 0; i < phnum; i++)
		if (ph[i].type == PT_LOAD &&
		    (ph[i].align > align || ph[i].memsz >= span))
			return false;
	return true;
}

size_t hl_seg_pages(const struct hl_seg *seg)
{
	return seg->remap ? (seg->map_end - seg->map_start) / seg->page : 0;
}

bool hl_seg_asked(const struct hl_seg *seg)
{
	return seg->why != HL_WHY_NOT_ASKED && seg->why != HL_WHY_DISABLED;
}

const char *hl_why_text(enum hl_why why)
{
	switch (why) {
	case HL_WHY_PENDING:
		return "not placed";
	case HL_WHY_FULL:
		return "on huge pages";
	case HL_WHY_PARTIAL:
		return "on huge pages where it has them to itself";
	case HL_WHY_NOT_ASKED:
		return "not asked for (HUGETLB_ELFMAP, or the segment's flag)";
	case HL_WHY_DISABLED:
		return "disabled by HUGETLB_ELFMAP=no";
	case HL_WHY_NO_SIZE:
		return "the kernel has no huge pages of the size asked for";
	case HL_WHY_SHARES_PAGE:
		return "shares a huge page with another segment: relink with "
		       "--hugetlbfs-align or set HUGETLB_FORCE_ELFMAP=yes";
	case HL_WHY_UNALIGNED_BASE:
		return "loaded at an address not aligned to the huge page size";
	case HL_WHY_TOO_SMALL:
		return "holds no whole huge page of its own";
	case HL_WHY_ALL_RELRO:
		return "read-only after relocation (RELRO)";
	case HL_WHY_CAPPED:
		return "on huge pages up to HUGETLB_ELFMAP's cap, the rest on "
		       "base pages";
	case HL_WHY_BEYOND_CAP:
		return "beyond HUGETLB_ELFMAP's cap";
	case HL_WHY_CAP_BELOW_PAGE:
		return "HUGETLB_ELFMAP's cap is less than one of its huge "
		       "pages, so none of it goes on them";
	case HL_WHY_HOT:
		return "its hot text on huge pages (HUGELINK_TEXT=hot), the "
		       "rest on base pages";
	case HL_WHY_NOT_HOT:
		return "holds none of the hot text (HUGELINK_TEXT=hot)";
	case HL_WHY_NO_ORDER:
		return "on huge pages: HUGELINK_TEXT=hot, but no function "
		       "order was linked in (--hugetlbfs-order)";
	case HL_WHY_TEXT_BUDGET:
		return "on huge pages up to HUGELINK_TEXT_BUDGET, the rest on "
		       "base pages";
	case HL_WHY_TEXT_BUDGET_FIRST:
		return "its first pages up to HUGELINK_TEXT_BUDGET, since no "
		       "function order was linked in; the rest on base pages";
	case HL_WHY_BEYOND_TEXT_BUDGET:
		return "beyond HUGELINK_TEXT_BUDGET";
	case HL_WHY_SPARSE:
		return "neither text nor data, and fills less than "
		       "HUGELINK_MIN_FILL (by default half) of its huge pages";
	}
	return "unknown";
}

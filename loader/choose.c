/* SPDX-License-Identifier: MIT */
/*
 * Choosing backings at start-up: see choose.h.
 */
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "loader/choose.h"
#include "machine/cgroup.h"
#include "machine/hugetlb.h"

/* What a copy onto THP must leave free in its memory cgroup beside
 * itself: a quarter of it, and this much, for page tables, the
 * program's own first allocations and the kernel's rounding. */
#define LDR_MEMCG_MARGIN (8u << 20)

/*
 * A copy onto THP is anonymous memory charged to the process's memory
 * cgroup, which kills the process when it cannot reclaim enough to hold
 * it (page cache it can reclaim; a copy it cannot).  Where the copy of
 * every range the plan moves would not fit in what the cgroup and its
 * ancestors leave, with a margin, THP is not offered, with the reason:
 * the ranges go to the pool (hugetlb pages, which the memory cgroup does
 * not count unless mounted with memory_hugetlb_accounting) or stay on
 * base pages.
 */
static void fit_memcg(struct ldr_choice *ch)
{
	size_t page = ch->env.thp_page, need = 0;
	char where[200], left[16], want[16];
	long room;

	if (!page)
		return;
	for (int i = 0; i < ch->plan->nseg; i++) {
		const struct hl_seg *s = &ch->plan->seg[i];

		if (s->remap)
			need += (s->map_end - s->map_start + page - 1) &
				~(page - 1);
	}
	need += need / 4 + LDR_MEMCG_MARGIN;
	room = mach_memory_cgroup_room(where, sizeof(where));
	if (room < 0 || (size_t)room >= need)
		return;
	ch->env.thp_page = 0;
	ch->offer.thp.page = 0;
	snprintf(ch->offer.thp.why, sizeof(ch->offer.thp.why), "the memory "
		 "cgroup leaves %s (%s), short of the %s a copy onto them "
		 "needs with a margin", hl_format_size((size_t)room >> 20 << 20,
						       left, sizeof(left)),
		 where, hl_format_size(need >> 20 << 20, want, sizeof(want)));
}

void ldr_choice_init(struct ldr_choice *ch, const struct hl_plan *plan,
		    const struct ldr_image *img, const struct hl_config *cfg,
		    const struct ldr_fault *fault, bool thp_allowed)
{
	memset(&ch->env, 0, sizeof(ch->env));
	memset(&ch->offer, 0, sizeof(ch->offer));
	ch->env.mode = cfg->backing;
	ch->env.is_static = img->main && hl_phdrs_static(img->ph, img->phnum);
	ch->env.is_library = !img->main;
	ch->plan = plan;
	ch->thp_allowed = thp_allowed;
	/* With THP only, or no copy, the pool and the moves of its pages do
	 * not matter. */
	ch->live = cfg->backing != HL_BACKING_THP &&
		   cfg->backing != HL_BACKING_FILE;
	ch->no_move = fault->commit == REMAP_FAULT_NO_HUGETLB_MREMAP;
	ch->read = false;
	ch->file_moves = -1;
}

void ldr_choice_read_machine(struct ldr_choice *ch)
{
	if (ch->read)
		return;
	mach_resources_read(&ch->offer, &ch->env, ch->plan,
			    MACH_SYSFS_HUGEPAGES, MACH_SYSFS_THP, ch->live,
			    ch->thp_allowed);
	if (ch->no_move) {
		ch->env.hugetlb_move = false;
		snprintf(ch->offer.move_why, sizeof(ch->offer.move_why),
			 "this kernel cannot move hugetlb mappings (mremap: "
			 "Invalid argument, HUGELINK_FAULT=no-hugetlb-mremap)");
	}
	fit_memcg(ch);
	ch->read = true;
}

bool ldr_choice_file_moves(struct ldr_choice *ch, size_t page)
{
	char why[sizeof(ch->offer.move_why)];

	/* The machine, when read, was asked already. */
	if (ch->file_moves < 0 && ch->read && ch->live)
		ch->file_moves = ch->env.hugetlb_move;
	if (ch->file_moves < 0)
		ch->file_moves = !ch->no_move &&
				 mach_hugetlb_can_move(page, why, sizeof(why));
	return ch->file_moves;
}

struct hl_backing_choice ldr_choice_take(struct ldr_choice *ch,
					const struct hl_seg *seg, size_t pages)
{
	ldr_choice_read_machine(ch);
	return hl_backing_take(&ch->env, seg->cls, seg->page, pages);
}

void ldr_choice_refuse(struct ldr_choice *ch,
		      const struct hl_backing_choice *c, size_t page)
{
	hl_backing_refuse(&ch->env, c, page);
	/* The range they failed for carries the reason itself. */
	if (c->backing == HL_BACK_THP)
		snprintf(ch->offer.thp.why, sizeof(ch->offer.thp.why),
			 "they failed for an earlier range");
}

void ldr_choice_note_pool(const struct hl_backing_choice *c,
			 struct ldr_report *rep)
{
	if (!(c->obstacles & HL_OBST_POOL))
		return;
	if (c->backing == HL_BACK_BASE)
		rep->pool_base = true;
	else if (c->backing == HL_BACK_THP)
		rep->pool_thp = true;
}

void ldr_choice_explain(const struct ldr_choice *ch, unsigned obstacles,
		       int phdr, uintptr_t at, struct ldr_report *rep)
{
	char why[LDR_REPORT_WHY_LEN];

	for (unsigned bit = 1; bit < 1u << HL_OBST_COUNT; bit <<= 1) {
		if (!(obstacles & bit) || bit == HL_OBST_POOL)
			continue;
		if (bit == HL_OBST_THP_OFF)
			snprintf(why, sizeof(why), "%s: %s",
				 hl_obstacle_text(bit), ch->offer.thp.why);
		else if (bit == HL_OBST_NO_MOVE)
			snprintf(why, sizeof(why), "writable ranges stay off "
				 "hugetlb pages: %s", ch->offer.move_why);
		else
			snprintf(why, sizeof(why), "%s", hl_obstacle_text(bit));
		ldr_report_why_segment(rep, phdr, at, why);
	}
}

/* One pool's shortfall, appended to BUF at *USED. */
static void pool_text(const struct ldr_choice *ch,
		      const struct hl_pool_share *p, char *buf, size_t len,
		      size_t *used)
{
	const struct mach_resources_size *s =
		mach_resources_size(&ch->offer, p->page);
	long headroom = s ? mach_pool_headroom(&s->pool) : 0;
	char sz[16];

	if (!s || *used >= len)
		return;
	*used += (size_t)snprintf(buf + *used, len - *used,
		"%s%ld %s pages needed, %ld free (free minus reserved)",
		*used ? "; " : "", p->wanted,
		hl_format_size(p->page, sz, sizeof(sz)),
		mach_pool_available(&s->pool));
	if (headroom && *used < len)
		*used += (size_t)snprintf(buf + *used, len - *used,
					  " and %ld more by overcommit",
					  headroom);
	if (s->cgroup_room >= 0 && s->cgroup_room < p->wanted && *used < len)
		*used += (size_t)snprintf(buf + *used, len - *used,
					  ", and the hugetlb cgroup allows "
					  "%ld (%s)", s->cgroup_room,
					  s->cgroup);
}

void ldr_choice_report_pool(const struct ldr_choice *ch, struct ldr_report *rep)
{
	static const char lead[] = "the huge-page pool is short: ";
	char counts[LDR_REPORT_WHY_LEN - sizeof(lead) + 1] = "";
	char text[LDR_REPORT_WHY_LEN];
	size_t used = 0;

	for (int i = 0; i < ch->env.npool; i++)
		if (ch->env.pool[i].wanted > ch->env.pool[i].start)
			pool_text(ch, &ch->env.pool[i], counts, sizeof(counts),
				  &used);
	/* A pool refused after the counts said yes: the refusal says why. */
	if (!used) {
		rep->pool_base = rep->pool_thp = false;
		return;
	}
	snprintf(text, sizeof(text), "%s%s", lead, counts);
	ldr_report_pool(rep, text);
}

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_CHOOSE_H
#define LOADER_CHOOSE_H
/*
 * Choosing each range's backing as the program starts: the rules of
 * core/backing.h over what machine/resources.h finds on this machine, with the
 * fault injection of loader/fault.h on top, and the reasons the report
 * gives.
 */
#include "core/backing.h"
#include "machine/resources.h"
#include "loader/fault.h"
#include "loader/image.h"
#include "loader/report.h"

struct ldr_choice {
	struct hl_backing_env env;
	struct mach_resources offer;
	const struct hl_plan *plan;
	bool thp_allowed;	/* the process did not turn THP off */
	bool live;		/* the cgroup limit and
				   the pool's moves count */
	bool no_move;		/* HUGELINK_FAULT=no-hugetlb-mremap */
	bool read;		/* the machine, the pools and hugetlb's moves
				   are in ENV and OFFER */
	int file_moves;		/* ldr_choice_file_moves: -1 until asked */
};

/*
 * Note what choosing for PLAN's ranges of program IMG depends on in this
 * process (THP_ALLOWED false when the process turned THP off); the
 * machine is read later, by ldr_choice_read_machine.
 */
void ldr_choice_init(struct ldr_choice *ch, const struct hl_plan *plan,
		    const struct ldr_image *img, const struct hl_config *cfg,
		    const struct ldr_fault *fault, bool thp_allowed);

/*
 * Read what the machine offers the ranges: THP, strict overcommit, the
 * pools (within any hugetlb cgroup limit) and whether hugetlb mappings
 * move (mremap of a mapping of its own), once: by the first
 * ldr_choice_take at the latest.  A start that maps shared files only
 * needs no new page, and never reads any of it.  Until it is read, ENV
 * offers no THP, so that nothing is restored onto THP.
 */
void ldr_choice_read_machine(struct ldr_choice *ch);

/*
 * Whether the kernel moves hugetlb mappings of PAGE size, for a shared
 * file's mapping, which commit moves where it does (a profiler sees no
 * new mapping over the text then) and maps over its target where it does
 * not: before Linux 5.16, mremap unmaps the target before it refuses a
 * hugetlb mapping.  Asked once, with mach_hugetlb_can_move, which reads
 * nothing and takes nothing from the pool, unless ldr_choice_read_machine
 * asked it already; false under HUGELINK_FAULT=no-hugetlb-mremap.
 */
bool ldr_choice_file_moves(struct ldr_choice *ch, size_t page);

/* Choose for SEG's range, now PAGES pages. */
struct hl_backing_choice ldr_choice_take(struct ldr_choice *ch,
					const struct hl_seg *seg, size_t pages);

/*
 * The backing chosen, C, could not be built for a range of PAGE-sized
 * pages; a range after it that THP cannot take then says they failed
 * earlier, not the reason again.
 */
void ldr_choice_refuse(struct ldr_choice *ch,
		      const struct hl_backing_choice *c, size_t page);

/*
 * C is where a range ended: note in REP, for ldr_choice_report_pool, a
 * range left on THP or base pages because the pool could not serve it.
 */
void ldr_choice_note_pool(const struct hl_backing_choice *c,
			 struct ldr_report *rep);

/*
 * Give REP every reason in OBSTACLES (HL_OBST_* bits) that segment PHDR,
 * whose range starts at AT, stays on base pages: each said after the
 * segments it keeps there (ldr_report_why_segment).
 */
void ldr_choice_explain(const struct ldr_choice *ch, unsigned obstacles,
		       int phdr, uintptr_t at, struct ldr_report *rep);

/* Tell REP how short the pool was, when it was short for some range. */
void ldr_choice_report_pool(const struct ldr_choice *ch,
			    struct ldr_report *rep);

#endif

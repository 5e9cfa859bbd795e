#ifndef HL_REPORT_H
#define HL_REPORT_H
/*
 * What the start-up says, and when.  At HUGETLB_VERBOSE >= 2 the first
 * reason a requested remap could not be done is printed, once.  At >= 3
 * one line per remapped range; at >= 4 the whole plan.
 */
#include <stdarg.h>
#include <stdint.h>

#include "loader/config.h"
#include "loader/plan.h"
#include "remap/commit.h"

struct hl_report {
	int verbose;
	const char *prog;
	char why[256];		/* the first reason something was not done */
};

void hl_report_init(struct hl_report *r, int verbose, const char *prog);

/* Record a reason, kept only if it is the first. */
__attribute__((format(printf, 2, 3)))
void hl_report_why(struct hl_report *r, const char *fmt, ...);

/* Print the recorded reason, if any, once. */
void hl_report_flush(struct hl_report *r);

/* At >= 4: the plan, segment by segment. */
void hl_report_plan(const struct hl_report *r, const struct hl_plan *plan);

/* At >= 3: one line per swap, with backing, bytes and time. */
void hl_report_swap(const struct hl_report *r, const struct hl_swap *s,
		    size_t page, const char *backing);

#endif

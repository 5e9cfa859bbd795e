#ifndef RUNTIME_REPORT_H
#define RUNTIME_REPORT_H
/*
 * What the start-up says, and when.  At HUGETLB_VERBOSE >= 2 the first
 * reason a requested remap could not be done is printed, once.  At >= 3
 * one line per remapped range; at >= 4 the whole plan.
 */
#include <stdarg.h>
#include <stdint.h>

#include "core/config.h"
#include "core/plan.h"
#include "swap/swap.h"

struct rt_report {
	int verbose;
	const char *prog;
	char why[256];		/* the first reason something was not done */
};

void rt_report_init(struct rt_report *r, int verbose, const char *prog);

/* Record a reason, kept only if it is the first. */
__attribute__((format(printf, 2, 3)))
void rt_report_why(struct rt_report *r, const char *fmt, ...);

/* Print the recorded reason, if any, once. */
void rt_report_flush(struct rt_report *r);

/* At >= 4: the plan, segment by segment. */
void rt_report_plan(const struct rt_report *r, const struct hl_plan *plan);

/* At >= 3: one line per swap, with backing, bytes and time. */
void rt_report_swap(const struct rt_report *r, const struct sw_range *s,
		    size_t page, const char *backing);

#endif

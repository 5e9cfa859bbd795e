#ifndef RUNTIME_REPORT_H
#define RUNTIME_REPORT_H
/*
 * What the start-up says, and when.  At HUGETLB_VERBOSE >= 2, when
 * something asked for stays on base pages, one message names every
 * reason; when hugetlb pages could not be had and transparent huge pages
 * served instead, one message says why; when HUGETLB_SHARE=1 could not
 * share, one message says why; when HUGELINK_PERF_MAP=1 could not write
 * its map, one message says why.  At >= 3 one line per range, naming its
 * backing; at >= 4 the whole plan.  Each object moved is reported on its
 * own: lines about a shared library name it after the program.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/config.h"
#include "core/plan.h"
#include "swap/swap.h"

#define RT_REPORT_WHYS 8

/* Distinct reasons, in the order they came. */
struct rt_reasons {
	char text[RT_REPORT_WHYS][200];
	int n;
};

struct rt_report {
	int verbose;
	const char *prog;
	const char *obj;	/* the library reported on, or NULL */
	struct rt_reasons base;	/* why something stays on base pages */
	struct rt_reasons thp;	/* why THP served where hugetlb could not */
	struct rt_reasons share;	/* why HUGETLB_SHARE did not share */
	int share_tracer;	/* ... the process tracing this one, or 0 */
	char perf_map[200];	/* why HUGELINK_PERF_MAP wrote no map */
	/* How short the pool was, when it was: see rt_report_pool. */
	char pool[256];
	bool pool_base;		/* ... and a range stayed on base pages */
	bool pool_thp;		/* ... and a range went on THP instead */
};

void rt_report_init(struct rt_report *r, int verbose, const char *prog);

/*
 * Report on the shared library named OBJ from now on (a file name), or
 * on the program (NULL).  Flush what was recorded before.
 */
void rt_report_object(struct rt_report *r, const char *obj);

/* Record a reason something stays on base pages, unless already there. */
__attribute__((format(printf, 2, 3)))
void rt_report_why(struct rt_report *r, const char *fmt, ...);

/* Record why a range went on THP instead of the hugetlb pages chosen. */
__attribute__((format(printf, 2, 3)))
void rt_report_thp(struct rt_report *r, const char *fmt, ...);

/* Record why a read-only range is not shared (HUGETLB_SHARE=1). */
__attribute__((format(printf, 2, 3)))
void rt_report_share(struct rt_report *r, const char *fmt, ...);

/*
 * HUGETLB_SHARE=1 did not share because process TRACER traces this one:
 * a debugger may write into the text.
 */
void rt_report_share_traced(struct rt_report *r, int tracer);

/* Record why HUGELINK_PERF_MAP=1 wrote no map. */
__attribute__((format(printf, 2, 3)))
void rt_report_perf_map(struct rt_report *r, const char *fmt, ...);

/*
 * The pool's side of the story ("6 2M pages needed, 2 free"), for ranges
 * that stayed on base pages (pool_base) or went on THP (pool_thp) because
 * the pool was short.
 */
void rt_report_pool(struct rt_report *r, const char *text);

/* Print what was recorded, once. */
void rt_report_flush(struct rt_report *r);

/* At >= 4: the plan, segment by segment. */
void rt_report_plan(const struct rt_report *r, const struct hl_plan *plan);

/*
 * At >= 3: one line per range: what backs it now ("hugetlb 2M",
 * "hugetlb 1G", "thp", "shared", "base"), with bytes and time.
 */
void rt_report_swap(const struct rt_report *r, const struct sw_range *s,
		    const char *backing);

/* At >= 3: a range that stays on base pages, never swapped. */
void rt_report_base(const struct rt_report *r, uintptr_t lo, uintptr_t hi,
		    int prot);

#endif

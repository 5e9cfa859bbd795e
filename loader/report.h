/* SPDX-License-Identifier: MIT */
#ifndef LOADER_REPORT_H
#define LOADER_REPORT_H
/*
 * What the start-up says, and when.  At HUGETLB_VERBOSE >= 2, when
 * something asked for stays on base pages, one message names every
 * reason; when hugetlb pages were refused and transparent huge pages
 * served instead, one message says why; when HUGETLB_SHARE=1 could not
 * share, one message says why; when HUGELINK_PERF_MAP=1 could not write
 * its map, one message says why; when segments got smaller huge pages
 * than asked, one message names them.  At >= 3 one line per range, naming its
 * backing, and, when transparent huge pages served because the pool
 * was short, one message saying how short; at >= 4 the whole plan.  Each object moved is reported on its
 * own: lines about a shared library name it after the program.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/config.h"
#include "core/plan.h"
#include "remap/remap.h"

#define LDR_REPORT_WHYS 8
#define LDR_REPORT_WHY_LEN 512	/* the longest reason kept, with its NUL */

/* Distinct reasons, in the order they came.  A reason about segments
 * (ldr_report_why_segment) starts with them, SUBJECT[i] bytes long;
 * SUBJECT[i] is 0 for any other. */
struct ldr_reasons {
	char text[LDR_REPORT_WHYS][LDR_REPORT_WHY_LEN];
	unsigned short subject[LDR_REPORT_WHYS];
	int n;
};

/* What a report keeps to say until it is flushed. */
struct ldr_report_texts {
	struct ldr_reasons base;	/* why something stays on base pages */
	struct ldr_reasons thp;	/* why THP served where hugetlb could not */
	struct ldr_reasons thp_short;	/* ... where the pool, or a hugetlb
					   cgroup limit, turned out to have
					   too few pages when they were
					   mapped */
	struct ldr_reasons share;	/* why HUGETLB_SHARE did not share */
	char perf_map[200];	/* why HUGELINK_PERF_MAP wrote no map */
	char smaller[300];	/* which segments got smaller huge pages
				   than asked, and why */
	/* How short the pool was, when it was: see ldr_report_pool.  It
	 * may name a hugetlb cgroup's limit file. */
	char pool[LDR_REPORT_WHY_LEN];
};

/*
 * A report.  Its texts (T) are cleared when the first thing since the
 * last flush is recorded, and only then: a pass with nothing to say
 * never touches them.
 */
struct ldr_report {
	int verbose;
	const char *prog;
	const char *obj;	/* the library reported on, or NULL */
	bool kept;		/* T holds what was recorded since the last
				   flush */
	bool share_hugetlbfs;	/* HUGETLB_SHARE did not share for want of
				   a hugetlbfs mount or a pool */
	int share_tracer;	/* the process tracing this one, which kept
				   HUGETLB_SHARE from sharing, or 0 */
	bool pool_base;		/* the pool was short (T's pool), and a
				   range stayed on base pages */
	bool pool_thp;		/* ... and a range went on THP instead */
	struct ldr_report_texts *t;
};

/* Start a report with VERBOSE and PROG, which keeps its texts in T. */
void ldr_report_init(struct ldr_report *r, struct ldr_report_texts *t,
		     int verbose, const char *prog);

/*
 * The standard error messages may go to: fd 2 as the process's first
 * pass found it, which for a program that carries the runtime, or
 * preloads it, is at start-up.  A program may close fd 2 and open
 * something else there (a daemon its database), and a library loaded
 * later with dlopen() would then write into that: messages go out only
 * while fd 2 is still the file, pipe or terminal noted, and never when
 * fd 2 was closed when it was noted.  A program that carries no runtime
 * has its first pass when it loads a relinked library, after it may
 * have done so, and a library's constructor can do it before the
 * runtime's at start-up: fd 2 is noted only when it looks like a
 * standard error (a terminal or other character device, a pipe, a
 * local socket, or a regular file open for writing only, as a shell's
 * 2> and 2>> open it), never a file open for reading and writing, as a
 * program opens its data, nor a network peer's socket.  The note is a struct remap_stderr, which the
 * fork guard keeps to check fd 2 before each message of its own; fd 2
 * when noted, else -1.
 */
void ldr_stderr_note(struct remap_stderr *e);

/* The longest line written: a reason's whole text and its head. */
#define LDR_REPORT_LINE_MAX 4608

/*
 * Write the line FMT makes on fd 2 in one call, cut to
 * LDR_REPORT_LINE_MAX bytes, without SIGPIPE where its reader has gone
 * (remap_stderr_write).  The caller checks that fd 2 is the standard
 * error noted.
 */
__attribute__((format(printf, 1, 2)))
void ldr_report_write(const char *fmt, ...);

/*
 * Report on the shared library named OBJ from now on (a file name), or
 * on the program (NULL).  Flush what was recorded before.
 */
void ldr_report_object(struct ldr_report *r, const char *obj);

/* Record a reason something stays on base pages, unless already there. */
__attribute__((format(printf, 2, 3)))
void ldr_report_why(struct ldr_report *r, const char *fmt, ...);

/*
 * Record WHY segment PHDR, at address AT, stays on base pages: with the
 * others that stay for the same reason, "segments 2 at 0x..., 3 at
 * 0x...: WHY", so that a reason shared by several is said once.
 */
void ldr_report_why_segment(struct ldr_report *r, int phdr, uintptr_t at,
			    const char *why);

/* Record why a range went on THP instead of the hugetlb pages chosen. */
__attribute__((format(printf, 2, 3)))
void ldr_report_thp(struct ldr_report *r, const char *fmt, ...);

/* The same where the pool, or a hugetlb cgroup limit, had too few pages
 * when they were mapped (another process took them after the counts
 * were read): THP doing its job, said at HUGETLB_VERBOSE=3. */
__attribute__((format(printf, 2, 3)))
void ldr_report_thp_short(struct ldr_report *r, const char *fmt, ...);

/*
 * Record why a read-only range is not shared (HUGETLB_SHARE=1).
 * NO_HUGETLBFS when the reason is the want of hugetlbfs (no mount, or no
 * page in its pool): the message then says that sharing needs them.
 */
__attribute__((format(printf, 3, 4)))
void ldr_report_share(struct ldr_report *r, bool no_hugetlbfs,
		      const char *fmt, ...);

/*
 * HUGETLB_SHARE=1 did not share because process TRACER traces this one:
 * a debugger may write into the text.
 */
void ldr_report_share_traced(struct ldr_report *r, int tracer);

/* Record why HUGELINK_PERF_MAP=1 wrote no map. */
__attribute__((format(printf, 2, 3)))
void ldr_report_perf_map(struct ldr_report *r, const char *fmt, ...);

/* Record which segments got smaller huge pages than asked, and why. */
__attribute__((format(printf, 2, 3)))
void ldr_report_smaller(struct ldr_report *r, const char *fmt, ...);

/*
 * The pool's side of the story ("6 2M pages needed, 2 free"), for ranges
 * that stayed on base pages (pool_base) or went on THP (pool_thp) because
 * the pool was short.
 */
void ldr_report_pool(struct ldr_report *r, const char *text);

/* Print what was recorded, once. */
void ldr_report_flush(struct ldr_report *r);

/*
 * At verbosity 2 and above, say TEXT now: a setting that was ignored
 * (hl_config's note), once per process.
 */
void ldr_report_setting(const struct ldr_report *r, const char *text);

/* At >= 4: the plan, segment by segment. */
void ldr_report_plan(const struct ldr_report *r, const struct hl_plan *plan);

/*
 * At >= 3: one line per range: what backs it now ("hugetlb 2M",
 * "hugetlb 1G", "thp", "shared", "base"), with bytes and time.
 */
void ldr_report_swap(const struct ldr_report *r, const struct remap_range *s,
		    const char *backing);

/* At >= 3: a range that stays on base pages, never swapped. */
void ldr_report_base(const struct ldr_report *r, uintptr_t lo, uintptr_t hi,
		    int prot);

/* At >= 3: TEXT, of the object as a whole. */
void ldr_report_info(const struct ldr_report *r, const char *text);

/*
 * At >= 3: a range the page cache backs (loader/filetext.h), or one it
 * could not back and why, in TEXT.
 */
void ldr_report_file(const struct ldr_report *r, uintptr_t lo, uintptr_t hi,
		     int prot, const char *text);

#endif

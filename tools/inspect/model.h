/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_MODEL_H
#define TOOLS_INSPECT_MODEL_H
/*
 * Everything hugelink-inspect says about a program, gathered once and
 * printed as text or JSON.  The plan is the runtime's own; this adds
 * what it cannot know: how the program gets the runtime, and whether the
 * pool and the mounts can serve the plan right now.
 */
#include <stdbool.h>

#include "core/backing.h"
#include "core/config.h"
#include "core/plan.h"
#include "elf/file.h"
#include "elf/link.h"
#include "machine/offer.h"
#include "machine/pool.h"
#include "tools/inspect/libs.h"

/* How the runtime gets into the program. */
enum in_runtime {
	IN_RT_EMBEDDED,		/* dynamic, with the runtime inside it */
	IN_RT_NEEDED,		/* DT_NEEDED libhugelink.so */
	IN_RT_PRELOADED,	/* LD_PRELOAD names it */
	IN_RT_PRELOADABLE,	/* dynamic without it: hugectl preloads it */
	IN_RT_STATIC,		/* static, with the runtime (note or ldr_ctor) */
	IN_RT_STATIC_WITHOUT,	/* static, without it */
	IN_RT_STATIC_UNKNOWN,	/* static, stripped, no note: cannot tell */
	IN_RT_FOREIGN,		/* another machine or word size */
};

/* Whether the pool can serve what one page size needs. */
enum in_serve {
	IN_SERVE_NOTHING,	/* nothing needed */
	IN_SERVE_YES,		/* free pages cover it */
	IN_SERVE_OVERCOMMIT,	/* only if overcommit finds the rest */
	IN_SERVE_NO,
};

/*
 * The program's USDT probes, and how many lie in text the plan moves to
 * huge pages, where uprobes do not fire (elf/usdt.h).
 */
struct in_usdt {
	bool known;			/* false: no section headers */
	size_t probes;
	size_t moved;
};

struct in_size {
	size_t page;
	bool is_default;
	size_t needed;			/* pages the plan asks of the pool */
	struct mach_pool pool;
	bool mount_needed;		/* HUGETLB_PATH or HUGETLB_SHARE */
	bool have_mount;
	char mount[HL_CFG_PATH_MAX];
	enum in_serve serve;
};

struct in_report {
	const char *path;
	const struct el_file *elf;
	struct el_linkage link;
	enum in_runtime runtime;
	bool relinked;			/* el_sim_relinked */
	uintptr_t bias;			/* the load bias assumed */
	struct hl_config cfg;
	const char *elfmap;		/* HUGETLB_ELFMAP as set, or NULL */
	struct hl_sizes sizes;		/* navail 0: no huge pages at all */
	struct hl_plan plan;
	bool plan_ok;			/* else plan.error says why */
	/* What backs each segment of the plan, as the runtime chooses. */
	struct hl_backing_choice backing[HL_MAX_SEGS];
	struct hl_backing_env env;
	struct mach_offer offer;
	struct in_size size[HL_MAX_SIZES];
	int nsize;
	struct in_usdt usdt;
	struct in_libs libs;		/* in_libs_gather: its libraries */
};

/* The host: its class and machine decide IN_RT_FOREIGN. */
struct in_host {
	int cls;
	unsigned machine;
};

/*
 * Fill R for F under the environment GET reads, with the pools under
 * SYSFS (MACH_SYSFS_HUGEPAGES).  Returns 0, or -1 after a warning.
 */
int in_gather(struct in_report *r, const struct el_file *f,
	      const struct in_host *host, hl_getenv_fn *get, void *ctx,
	      const char *sysfs);

/* The page size a segment is judged against: its own, or the default. */
size_t in_seg_page(const struct in_report *r, const struct hl_seg *s);

/*
 * Why SEG's backing is what it is, in one line, into BUF: "" when the
 * first choice served it.
 */
const char *in_backing_why(const struct in_report *r, int seg, char *buf,
			   size_t len);

/* One-line descriptions for the printers. */
const char *in_runtime_text(enum in_runtime rt);
const char *in_serve_text(enum in_serve s);

#endif

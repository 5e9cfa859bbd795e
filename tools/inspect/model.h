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
#include "machine/resources.h"
#include "machine/pool.h"
#include "tools/inspect/libs.h"
#include "tools/inspect/pagecache.h"

/* How the runtime gets into the program. */
enum inspect_runtime {
	INSPECT_RT_EMBEDDED,		/* dynamic, with the runtime
					   inside it */
	INSPECT_RT_NEEDED,		/* DT_NEEDED libhugelink.so */
	INSPECT_RT_PRELOADED,	/* LD_PRELOAD names it */
	INSPECT_RT_PRELOADABLE,	/* dynamic without it: hugectl preloads it */
	INSPECT_RT_STATIC,		/* static, with the runtime
					   (note or ldr_ctor) */
	INSPECT_RT_STATIC_WITHOUT,	/* static, without it */
	INSPECT_RT_STATIC_UNKNOWN,	/* static, stripped, no note:
					   cannot tell */
	INSPECT_RT_FOREIGN,		/* another machine or word size */
};

/* Whether the pool can serve what one page size needs. */
enum inspect_serve {
	INSPECT_SERVE_NOTHING,	/* nothing needed */
	INSPECT_SERVE_YES,		/* free pages cover it */
	INSPECT_SERVE_OVERCOMMIT,	/* only if overcommit finds the rest */
	INSPECT_SERVE_NO,
};

/*
 * The program's USDT probes, and how many lie in text the plan moves to
 * huge pages, where uprobes do not fire (elf/usdt.h).
 */
struct inspect_usdt {
	bool known;			/* false: no section headers */
	size_t probes;
	size_t moved;
};

struct inspect_size {
	size_t page;
	bool is_default;
	size_t needed;			/* pages the plan asks of the pool */
	struct mach_pool pool;
	bool mount_needed;		/* HUGETLB_PATH or HUGETLB_SHARE */
	bool have_mount;
	char mount[HL_CFG_PATH_MAX];
	long cgroup_room;		/* pages a hugetlb cgroup allows, or
					   -1 where no limit applies */
	char cgroup[MACH_CGROUP_PATH_MAX];	/* its limit file */
	enum inspect_serve serve;
};

struct inspect_report {
	const char *path;
	const struct el_file *elf;
	struct el_linkage link;
	enum inspect_runtime runtime;
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
	struct mach_resources offer;
	struct inspect_size size[HL_MAX_SIZES];
	int nsize;
	struct inspect_usdt usdt;
	/* The read-only segments in the page cache: none when the
	 * runtime would refuse the program headers. */
	struct inspect_page_cache page_cache;
	struct inspect_libs libs;		/* inspect_libs_gather:
						   its libraries */
};

/* The host: its class and machine decide INSPECT_RT_FOREIGN. */
struct inspect_host {
	int cls;
	unsigned machine;
};

/*
 * Fill R for F under the environment GET reads, with the pools under
 * SYSFS (MACH_SYSFS_HUGEPAGES).  Returns 0, or -1 after a warning.
 */
int inspect_gather(struct inspect_report *r, const struct el_file *f,
	      const struct inspect_host *host, hl_getenv_fn *get, void *ctx,
	      const char *sysfs);

/* The page size a segment is judged against: its own, or the default. */
size_t inspect_seg_page(const struct inspect_report *r, const struct hl_seg *s);

/*
 * Why SEG's backing is what it is, in one line, into BUF: "" when the
 * first choice served it.
 */
const char *inspect_backing_why(const struct inspect_report *r, int seg,
			   char *buf, size_t len);

/*
 * Whether the runtime tries the page cache first for SEG, a segment the
 * plan moves: under HUGELINK_BACKING=auto or file, a read-only segment
 * whose whole pages are congruent and whose load base is aligned for
 * them.  R->backing then says only what backs it where the page cache
 * does not serve it, which it decides at each start.
 */
bool inspect_page_cache_first(const struct inspect_report *r,
			      const struct hl_seg *seg);

/* One-line descriptions for the printers. */
const char *inspect_runtime_text(enum inspect_runtime rt);
const char *inspect_serve_text(enum inspect_serve s);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef CORE_BACKING_H
#define CORE_BACKING_H
/*
 * Which memory backs a range the plan put on huge pages: the hugetlb
 * pool, transparent huge pages (THP: anonymous memory the kernel backs
 * with huge pages), or, when neither can have it, base pages.  Pure: the
 * facts about the machine and the program come in struct hl_backing_env,
 * so the runtime and hugelink-inspect choose alike, and cmocka tests it.
 *
 * The rules, tried in order until one can serve the range:
 *  - read-only ranges (class R): the pool, then THP;
 *  - writable ranges (class W): THP, then the pool.  THP costs nothing
 *    at fork(): copy-on-write of a THP falls back to a base-page copy,
 *    while copy-on-write of a private hugetlb page needs a free huge page
 *    or kills the child with SIGBUS, so each fork() copies writable
 *    hugetlb ranges for the child (loader/forkguard.h).  So the pool
 *    takes writable ranges only when THP cannot: THP not usable, or a
 *    page size THP does not have (1 GiB);
 *  - HUGELINK_BACKING=hugetlb: the pool only; HUGELINK_BACKING=thp: THP
 *    only; HUGELINK_BACKING=file: neither (the page cache serves
 *    read-only ranges before any copy is chosen: loader/filetext.h).
 * The pool serves a range when the pages it has to give (free minus
 * reserved, plus what overcommit may add, within any hugetlb cgroup
 * limit) cover it; the ranges take from it in turn, so a short pool puts
 * the first ranges on hugetlb and the rest elsewhere.  A writable range
 * never goes on hugetlb in a static program, whose libc data (part of
 * the program's writable segment) glibc's fork() writes in the child
 * before any handler can move it, nor on a kernel that cannot move
 * hugetlb mappings (Linux < 5.16): read-only ones are mapped over their
 * target instead, which needs no move.  Nor does a shared library's
 * writable range, in any program: glibc's fork() writes the data of
 * libc.so and ld.so in the child before any fork handler runs, and
 * dlclose() unmaps a library's ranges where the fork guard would go on
 * copying them.  THP comes in one size, the PMD size (2 MiB on x86_64).
 */
#include <stdbool.h>
#include <stddef.h>

#include "core/config.h"
#include "core/plan.h"

enum hl_backing {
	HL_BACK_BASE,		/* neither: base pages, for the reasons given */
	HL_BACK_HUGETLB,	/* pages from the hugetlb pool */
	HL_BACK_THP,		/* transparent huge pages */
};

/*
 * Why a backing cannot take a range: bits of hl_backing_choice.obstacles.
 * Each has a sentence in hl_obstacle_text.
 */
enum {
	HL_OBST_POOL = 1 << 0,		/* the pool is short */
	HL_OBST_THP_OFF = 1 << 1,	/* THP is not usable here */
	HL_OBST_THP_SIZE = 1 << 2,	/* THP has no pages of the size */
	HL_OBST_STATIC = 1 << 3,	/* writable, in a static program */
	HL_OBST_NO_MOVE = 1 << 4,	/* writable; hugetlb cannot be moved */
	HL_OBST_ONLY_HUGETLB = 1 << 5,	/* HUGELINK_BACKING=hugetlb */
	HL_OBST_ONLY_THP = 1 << 6,	/* HUGELINK_BACKING=thp */
	HL_OBST_LIBRARY = 1 << 7,	/* writable, in a shared library */
	HL_OBST_ONLY_FILE = 1 << 8,	/* HUGELINK_BACKING=file */
};
#define HL_OBST_COUNT 9

/* What the choice knows about one pool. */
struct hl_pool_share {
	size_t page;
	long avail;	/* pages it can still give; the ranges take from it */
	long start;	/* avail before the first range took any */
	long wanted;	/* pages of the ranges that asked it, served or not */
};

struct hl_backing_env {
	enum hl_backing_mode mode;
	bool is_static;		/* a program without PT_INTERP: see above */
	bool is_library;	/* a shared library: see above */
	bool hugetlb_move;	/* the kernel can mremap hugetlb mappings */
	size_t thp_page;	/* THP's page size, or 0: THP not usable */
	int npool;
	struct hl_pool_share pool[HL_MAX_SIZES];
};

struct hl_backing_choice {
	enum hl_backing backing;
	/*
	 * The HL_OBST_* bits of every backing tried before the one chosen,
	 * or of all of them when none could be (HL_BACK_BASE).
	 */
	unsigned obstacles;
	long counted;	/* pages this choice counted in a pool's WANTED */
};

/* Add a pool of PAGE-sized pages that can give AVAIL of them (< 0: 0). */
void hl_backing_add_pool(struct hl_backing_env *env, size_t page, long avail);

/* The pool of PAGE-sized pages in ENV, or NULL. */
struct hl_pool_share *hl_backing_pool(struct hl_backing_env *env, size_t page);

/*
 * Choose for a range of class CLS needing PAGES pages of PAGE bytes, and
 * take them from the pool when the pool is chosen.  Every range that
 * tries the pool counts in its WANTED, whatever the outcome.
 */
struct hl_backing_choice hl_backing_take(struct hl_backing_env *env,
					 enum hl_class cls, size_t page,
					 size_t pages);

/*
 * The backing that hl_backing_take chose, C, for a range of PAGE-sized
 * pages could not be had after all (the kernel refused the pool's pages,
 * or THP): it serves no later range either.  Take again to choose among
 * the others; the range stays counted once in the pool's WANTED.
 */
void hl_backing_refuse(struct hl_backing_env *env,
		       const struct hl_backing_choice *c, size_t page);

/* Choose for every remapped segment of PLAN in turn, into OUT[i] for
 * PLAN->seg[i] (HL_BACK_BASE with no obstacle for the others). */
void hl_backing_plan(struct hl_backing_env *env, const struct hl_plan *plan,
		     struct hl_backing_choice out[HL_MAX_SEGS]);

/* True for a program without PT_INTERP: static or static-pie. */
bool hl_phdrs_static(const struct hl_phdr *ph, size_t phnum);

/* "hugetlb", "thp" or "base". */
const char *hl_backing_name(enum hl_backing b);

/* A sentence for one HL_OBST_* bit. */
const char *hl_obstacle_text(unsigned bit);

#endif

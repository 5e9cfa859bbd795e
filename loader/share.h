/* SPDX-License-Identifier: MIT */
#ifndef LOADER_SHARE_H
#define LOADER_SHARE_H
/*
 * Persistent shared huge-page files for read-only segments
 * (HUGETLB_SHARE=1): the first run prepares a file, later and concurrent
 * runs map the same one and copy nothing.
 */
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "core/config.h"
#include "core/sharename.h"
#include "loader/image.h"
#include "loader/maps.h"
#include "loader/source.h"

/* How long a start waits at most for another process making the shared
 * file it needs, and how often it looks meanwhile. */
#define LDR_SHARE_WAIT_MS 200
#define LDR_SHARE_TICK_MS 2

/* What a process needs to know once, whatever the segment. */
struct ldr_share_ctx {
	int dirfd;			/* the checked share directory, or -1 */
	dev_t dev;			/* its file system, hugetlbfs */
	size_t page;			/* of PAGE-sized pages */
	uid_t uid;			/* the effective uid, its owner or
					   root's */
	char dir[256];
	char exe[4096];			/* the program's path */
	struct hl_share_id id;		/* its identity, per segment below */
	char error[400];		/* why sharing is off, when dirfd < 0 */
	/* The last failure, of the directory or of a file, is for want of
	 * hugetlbfs: no mount for the page size, a directory on another
	 * file system, or no page in the pool for a new file. */
	bool no_hugetlbfs;
	const char *wait_publish;	/* HUGELINK_FAULT=wait-publish:PATH */
	bool waited_out;		/* a wait for the lock timed out */
};

/*
 * Identify the program IMG, whose file is PROG, and find or make the
 * share directory for PAGE-sized pages, unless the effective uid may
 * not share (mach_share_uid_check): HUGETLB_SHARE_PATH, or
 * <mount>/elflink-uid-<uid> on the first hugetlbfs mount for PAGE where
 * it exists or can be made.  It must pass mach_share_dir_open: a real
 * directory (no symlink), owned by us or root, writable by no one else,
 * on hugetlbfs with PAGE-sized pages.  Returns 0, or -1 with CTX->error
 * set (and CTX->no_hugetlbfs when that is why).
 */
int ldr_share_open_dir(struct ldr_share_ctx *ctx, const struct hl_config *cfg,
		      const struct ldr_image *img,
		      const struct hl_maps_file *prog, size_t page);

/* One range to share: [lo, hi) holds BYTES, read from SRC, of the
 * segment whose program header is PH, at index PHDR. */
struct ldr_share_range {
	int phdr;
	const struct hl_phdr *ph;
	size_t page;
	uintptr_t lo, hi;		/* in memory */
	uintptr_t bias;			/* memory less the file's addresses */
	struct ldr_bytes bytes;
	struct ldr_source *src;
};

/*
 * Return a read-only descriptor of the shared file for R, making it from
 * the program file when no valid one exists; *MADE says whether we made
 * it.  Returns -1 with ERR set (and CTX->no_hugetlbfs when that is why)
 * when no file can be had, including when R's page size is not the
 * directory's (CTX->page: a file of R's pages cannot live there), and
 * when another process has held the making of it for LDR_SHARE_WAIT_MS;
 * the caller then uses a private copy.
 */
int ldr_share_file(struct ldr_share_ctx *ctx, const struct ldr_share_range *r,
		  bool *made, char *err, size_t errlen);

void ldr_share_close(struct ldr_share_ctx *ctx);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_SHARE_H
#define TOOLS_HUGECTL_SHARE_H
/*
 * Housekeeping of the shared huge-page files the runtime makes with
 * HUGETLB_SHARE=1 (hugectl --share-list, --share-clean).  A file is
 * "current" when the program it names still has the build its key was
 * made from, "stale" when the program is gone or was rebuilt, "unknown"
 * when the program cannot be read.  The key is recomputed from the
 * program file exactly as the runtime computes it (core/sharename.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "core/sharename.h"

/*
 * Print one line per shared file of this user (HUGETLB_SHARE_PATH, or
 * <mount>/elflink-uid-<uid> on every hugetlbfs mount) to OUT.  Returns
 * 0, or -1 after a message.
 */
int ctl_share_list(FILE *out);

/*
 * Remove the stale files, or with ALL every file, saying which on OUT.
 * Files in use stay mapped by their processes until they exit.  Returns
 * 0, or -1 after a message.
 */
int ctl_share_clean(FILE *out, bool all);

/* One row of --share-list: a file SIZE bytes long, named NAME in DIR,
 * that P is parsed from; WHY, when not NULL, explains STATE. */
struct ctl_share_row {
	const char *state;
	bool in_use;
	off_t size;
	const struct hl_share_parsed *p;
	const char *dir, *name, *why;
};

/*
 * Print R as two lines on OUT: the state, use, huge pages, segment and
 * program, then the file's path.  Every name is escaped, so whatever
 * bytes they hold, the row is exactly two lines of printable UTF-8.
 * Returns 0, or -1 after a message when memory runs out.
 */
int ctl_share_print_row(FILE *out, const struct ctl_share_row *r);

#endif

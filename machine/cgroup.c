/* SPDX-License-Identifier: MIT */
/*
 * The hugetlb and memory cgroup limits: see cgroup.h.  Nothing here is
 * needed to remap safely (the runtime faults its pages in before it
 * copies, and a page the limit refuses fails there), so every failure
 * to read means "no limit known".
 *
 * The runtime reads this at every start that copies,
 * so the usual case costs no stdio: /proc/self/cgroup is read whole, and
 * cgroup v2 is looked for first where systemd mounts it; /proc/mounts is
 * scanned only when it is not there.
 */
#include <limits.h>
#include <linux/magic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>

#include "machine/cgroup.h"
#include "machine/file.h"
#include "machine/pool.h"
#include "machine/sysinfo.h"

/* Where cgroup v2 is usually mounted: alone, and beside v1 (systemd's
 * hybrid layout). */
static const char *const v2_usual[] = { "/sys/fs/cgroup",
					"/sys/fs/cgroup/unified" };

/*
 * Bytes at which a limit is no limit.  The kernel's "none" is its page
 * counter's most pages in bytes (for hugetlb, rounded down to a huge
 * page), at least 2^63 - 2^30, which a v1 file shows as a number, and
 * so can a v2 hugetlb file of a new cgroup until "max" is written to it.
 */
#define NO_LIMIT (LONG_MAX / 2)

/* The most limits of one controller looked for at once. */
#define LIMITS_MAX 2

/* Limits looked for: the files that hold them, and the room found. */
struct limit {
	const char *ctl;	/* the controller: "hugetlb", "memory" */
	int n;			/* limits, each in a pair of files below */
	char max[LIMITS_MAX][2][48];	/* a limit's file name: [i][v2] */
	char cur[LIMITS_MAX][2][48];	/* its use's file name: [i][v2] */
	bool less_file;		/* take the page cache it can reclaim off
				   the use (memory.stat) */
	size_t unit;		/* bytes of one unit of room */
	long room;		/* units; -1: none found yet */
	char *where;
	size_t len;
};

char *mach_hugetlb_cgroup_size(size_t page, char *buf, size_t len)
{
	if (page >= 1ul << 30)
		snprintf(buf, len, "%zuGB", page >> 30);
	else if (page >= 1ul << 20)
		snprintf(buf, len, "%zuMB", page >> 20);
	else
		snprintf(buf, len, "%zuKB", page >> 10);
	return buf;
}

/* The value of KEY in the "key value" lines of TEXT, or 0. */
static long stat_value(const char *text, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = text; p && *p;
	     p = strchr(p, '\n'), p = p ? p + 1 : p)
		if (!strncmp(p, key, n) && p[n] == ' ')
			return strtol(p + n + 1, NULL, 10);
	return 0;
}

/*
 * The page cache a memory cgroup DIR can reclaim (its active and
 * inactive file pages, from memory.stat; v1's totals count its
 * descendants as v2's do), which its use counts and a new charge
 * reclaims before it fails.
 */
static long reclaimable(const char *dir, int v2)
{
	char path[600], text[4096];

	snprintf(path, sizeof(path), "%s/memory.stat", dir);
	if (mach_file_read(path, text, sizeof(text)) <= 0)
		return 0;
	return v2 ? stat_value(text, "active_file") +
		    stat_value(text, "inactive_file") :
		    stat_value(text, "total_active_file") +
		    stat_value(text, "total_inactive_file");
}

/* Fold in limit I of the cgroup directory DIR, if it has one. */
static void one_limit(struct limit *l, int i, const char *dir, int v2)
{
	char max[600], cur[600];
	long lim, use, room;

	snprintf(max, sizeof(max), "%s/%s", dir, l->max[i][v2]);
	snprintf(cur, sizeof(cur), "%s/%s", dir, l->cur[i][v2]);
	/* "max" (no limit) reads as -1, as a failure does. */
	lim = mach_pool_counter(max);
	use = mach_pool_counter(cur);
	if (lim < 0 || lim >= NO_LIMIT || use < 0)
		return;
	if (l->less_file)
		use -= reclaimable(dir, v2);
	room = lim > use ? (lim - use) / (long)l->unit : 0;
	if (l->room < 0 || room < l->room) {
		l->room = (long)room;
		snprintf(l->where, l->len, "%s", max);
	}
}

/* Fold in the limits of the cgroup directory DIR. */
static void one_cgroup(struct limit *l, const char *dir, int v2)
{
	for (int i = 0; i < l->n; i++)
		one_limit(l, i, dir, v2);
}

/*
 * Walk from MOUNT/PATH up to MOUNT/, the root of what this process sees:
 * in a cgroup namespace that is the container's cgroup, whose limit
 * counts.
 */
static void walk(struct limit *l, const char *mount, const char *path, int v2)
{
	char dir[512];
	size_t root = strlen(mount);
	char *slash;

	if (snprintf(dir, sizeof(dir), "%s%s", mount, path) >= (int)sizeof(dir))
		return;
	while (strlen(dir) > root) {
		one_cgroup(l, dir, v2);
		slash = strrchr(dir, '/');
		if (!slash || (size_t)(slash - dir) < root)
			break;
		*slash = '\0';
	}
}

/* True when the ','-separated list [LIST, END) names controller CTL. */
static int names_ctl(const char *list, const char *end, const char *ctl)
{
	size_t n = strlen(ctl);

	for (const char *p = list; p < end; p += strcspn(p, ",:") + 1)
		if ((size_t)(end - p) >= n && !strncmp(p, ctl, n) &&
		    (p + n == end || p[n] == ','))
			return 1;
	return 0;
}

/* Where in v2_usual cgroup v2 is mounted, or NULL. */
static const char *v2_at_usual_place(void)
{
	struct statfs fs;

	for (size_t i = 0; i < sizeof(v2_usual) / sizeof(v2_usual[0]); i++)
		if (statfs(v2_usual[i], &fs) == 0 &&
		    (unsigned long)fs.f_type == CGROUP2_SUPER_MAGIC)
			return v2_usual[i];
	return NULL;
}

/* What mount_of looks for in /proc/mounts, and where it puts it. */
struct wanted_mount {
	int v2;
	const char *ctl;
	char *out;
	size_t len;
};

/* The cgroup file system holding W->ctl (v2: any), into W->out. */
static int if_ctl_cgroup(const char *dir, const char *type,
			 const char *opts, void *ctx)
{
	const struct wanted_mount *w = ctx;

	if (w->v2 ? strcmp(type, "cgroup2") :
	    strcmp(type, "cgroup") ||
	    !names_ctl(opts, opts + strlen(opts), w->ctl))
		return 0;
	snprintf(w->out, w->len, "%s", dir);
	return 1;
}

/* The mount point of the cgroup file system holding CTL (v2: any). */
static int mount_of(int v2, const char *ctl, char *out, size_t len)
{
	struct wanted_mount w = { v2, ctl, out, len };
	const char *usual = v2 ? v2_at_usual_place() : NULL;

	if (usual) {
		snprintf(out, len, "%s", usual);
		return 0;
	}
	return mach_mounts_scan(if_ctl_cgroup, &w) == 1 ? 0 : -1;
}

/* The room L's limits leave over this process's cgroups, in L->room. */
static long room_of(struct limit *l)
{
	char text[4096], mount[512], *line, *next, *ctl, *path;
	ssize_t got = mach_file_read("/proc/self/cgroup", text, sizeof(text));

	if (got <= 0)
		return -1;
	/*
	 * Lines are "ID:CONTROLLERS:PATH"; cgroup v2's is "0::PATH".  A
	 * last line cut short by the buffer is left out.
	 */
	for (line = text; (next = strchr(line, '\n')); line = next + 1) {
		*next = '\0';
		ctl = strchr(line, ':');
		path = ctl ? strchr(ctl + 1, ':') : NULL;
		if (!path || path[1] != '/')
			continue;
		if (path == ctl + 1 &&
		    !mount_of(1, l->ctl, mount, sizeof(mount)))
			walk(l, mount, path + 1, 1);
		else if (names_ctl(ctl + 1, path, l->ctl) &&
			 !mount_of(0, l->ctl, mount, sizeof(mount)))
			walk(l, mount, path + 1, 0);
	}
	return l->room;
}

/* Limit I of L: the files "PREFIX.max" and "PREFIX.current" (v2),
 * "PREFIX.limit_in_bytes" and "PREFIX.usage_in_bytes" (v1). */
static void hugetlb_files(struct limit *l, int i, const char *prefix)
{
	snprintf(l->max[i][1], sizeof(l->max[i][1]), "%s.max", prefix);
	snprintf(l->cur[i][1], sizeof(l->cur[i][1]), "%s.current", prefix);
	snprintf(l->max[i][0], sizeof(l->max[i][0]), "%s.limit_in_bytes",
		 prefix);
	snprintf(l->cur[i][0], sizeof(l->cur[i][0]), "%s.usage_in_bytes",
		 prefix);
}

long mach_hugetlb_cgroup_room(size_t page, unsigned limits, char *where,
			      size_t len)
{
	struct limit l = { .ctl = "hugetlb", .unit = page, .room = -1,
			   .where = where, .len = len };
	char sz[16], prefix[32];

	mach_hugetlb_cgroup_size(page, sz, sizeof(sz));
	if (limits & MACH_HUGETLB_LIMIT_FAULTED) {
		snprintf(prefix, sizeof(prefix), "hugetlb.%s", sz);
		hugetlb_files(&l, l.n++, prefix);
	}
	if (limits & MACH_HUGETLB_LIMIT_RESERVED) {
		snprintf(prefix, sizeof(prefix), "hugetlb.%s.rsvd", sz);
		hugetlb_files(&l, l.n++, prefix);
	}
	return room_of(&l);
}

long mach_memory_cgroup_room(char *where, size_t len)
{
	struct limit l = {
		.ctl = "memory", .n = 1, .unit = 1, .room = -1, .where = where,
		.len = len,
		.max = { { "memory.limit_in_bytes", "memory.max" } },
		.cur = { { "memory.usage_in_bytes", "memory.current" } },
		.less_file = true,
	};

	return room_of(&l);
}

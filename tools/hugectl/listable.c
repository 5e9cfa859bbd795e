/* SPDX-License-Identifier: MIT */
/*
 * Whether a program's libraries may be listed: see listable.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/dynamic.h"
#include "machine/sharedir.h"
#include "tools/hugectl/listable.h"

/* Whether no user but the caller and root can change what PATH, a
 * directory, holds: theirs alone, or root's with the sticky bit. */
static bool dir_kept(const struct stat *st)
{
	return mach_share_owner_is(st, geteuid()) ||
	       (st->st_uid == 0 && (st->st_mode & S_ISVTX));
}

/* Check REAL's directories, from "/" down.  Returns 0, or -1 with WHY. */
static int dirs_kept(const char *real, char *why, size_t len)
{
	char dir[PATH_MAX];
	struct stat st;

	snprintf(dir, sizeof(dir), "%s", real);
	for (char *slash = strrchr(dir, '/'); slash; slash = strrchr(dir, '/')) {
		*slash = '\0';
		if (lstat(*dir ? dir : "/", &st)) {
			snprintf(why, len, "%s: %s", *dir ? dir : "/",
				 strerror(errno));
			return -1;
		}
		if (!dir_kept(&st)) {
			snprintf(why, len, "another user can change the "
				 "directory %s", *dir ? dir : "/");
			return -1;
		}
	}
	return 0;
}

int ctl_listable(const struct el_file *f, const char *path, char *real,
		 size_t len, char *why, size_t whylen)
{
	struct el_dynamic dyn = { 0 };
	char buf[PATH_MAX];
	struct stat st;
	int rc = -1;

	if (!realpath(path, buf) || stat(buf, &st))
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
	else if (!mach_share_owner_is(&st, geteuid()))
		snprintf(why, whylen, "another user can change it");
	else if (dirs_kept(buf, why, whylen))
		;
	else if (el_dynamic_read(f, &dyn))
		snprintf(why, whylen, "its dynamic section cannot be read");
	else if (dyn.audit)
		snprintf(why, whylen, "it names audit modules (DT_AUDIT), "
			 "which the dynamic loader would run");
	else if (snprintf(real, len, "%s", buf) >= (int)len)
		snprintf(why, whylen, "its path is too long");
	else
		rc = 0;
	el_dynamic_free(&dyn);
	return rc;
}

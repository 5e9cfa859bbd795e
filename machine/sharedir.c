/* SPDX-License-Identifier: MIT */
/*
 * Checking a directory of shared huge-page files: see sharedir.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <string.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "machine/overflowuid.h"
#include "machine/sharedir.h"

bool mach_share_owner_is(const struct stat *st, uid_t uid)
{
	return st->st_uid != mach_overflow_uid() &&
	       (st->st_uid == uid || st->st_uid == 0) &&
	       !(st->st_mode & (S_IWGRP | S_IWOTH));
}

int mach_share_uid_check(uid_t uid, char *err, size_t errlen)
{
	if (uid != mach_overflow_uid())
		return 0;
	snprintf(err, errlen, "the effective uid %u is the overflow uid "
		 "(/proc/sys/kernel/overflowuid), as which a user namespace "
		 "shows every user it does not map: their files cannot be "
		 "told from ours", (unsigned)uid);
	return -1;
}

/* Owned by the caller (the effective uid) or root, and writable by no
 * one else. */
static bool owner_ok(const struct stat *st)
{
	return mach_share_owner_is(st, geteuid());
}

/* FD is on hugetlbfs, with PAGE-sized pages unless PAGE is 0. */
static bool on_hugetlbfs(int fd, size_t page)
{
	struct statfs sf;

	return fstatfs(fd, &sf) == 0 && sf.f_type == HUGETLBFS_MAGIC &&
	       (!page || (size_t)sf.f_bsize == page);
}

/*
 * PATH without its trailing slashes, into OUT: open("dir/", O_NOFOLLOW)
 * follows a symbolic link named dir, and so do "dir/." and "dir/..",
 * which are refused.  Returns 0, or -1 with ERR set.
 */
static int last_component(const char *path, char *out, size_t len,
			  char *err, size_t errlen)
{
	size_t n = strlen(path);
	const char *base;

	while (n > 1 && path[n - 1] == '/')
		n--;
	if (!n || n >= len) {
		snprintf(err, errlen, "%.200s: %s", path,
			 n ? "path too long" : "empty path");
		return -1;
	}
	memcpy(out, path, n);
	out[n] = '\0';
	base = strrchr(out, '/');
	base = base ? base + 1 : out;
	if (!strcmp(base, ".") || !strcmp(base, "..")) {
		snprintf(err, errlen, "%.200s: name the directory itself, not "
			 "\"%s\"", path, base);
		return -1;
	}
	return 0;
}

/* Why the directory open as FD is refused, into ERR, and the errno to
 * say it with; 0 when it is not, with *DEV its st_dev unless DEV is
 * NULL. */
static int check_dir(int fd, const char *path, size_t page, dev_t *dev,
		     char *err, size_t errlen)
{
	char with[48] = "";
	struct stat st;
	int e = 0;

	if (page)
		snprintf(with, sizeof(with), " with %zu kB pages", page >> 10);
	if (fstat(fd, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%.200s is not a directory", path);
		e = EPERM;
	} else if (!owner_ok(&st)) {
		snprintf(err, errlen, "refusing %.200s: owned by uid %u or "
			 "writable by others", path, (unsigned)st.st_uid);
		e = EPERM;
	} else if (!on_hugetlbfs(fd, page)) {
		snprintf(err, errlen, "refusing %.200s: not on hugetlbfs%s",
			 path, with);
		e = EMEDIUMTYPE;
	}
	if (!e && dev)
		*dev = st.st_dev;
	return e;
}

int mach_share_dir_open(const char *path, size_t page, dev_t *dev,
			char *err, size_t errlen)
{
	char dir[PATH_MAX];
	struct stat st;
	int fd, e;

	if (mach_share_uid_check(geteuid(), err, errlen)) {
		errno = EPERM;
		return -1;
	}
	if (last_component(path, dir, sizeof(dir), err, errlen)) {
		errno = EINVAL;
		return -1;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		if (lstat(dir, &st) == 0 && S_ISLNK(st.st_mode))
			snprintf(err, errlen,
				 "refusing %.200s: a symbolic link", path);
		else
			snprintf(err, errlen, "%.200s: %s", path, strerror(e));
		errno = e;
		return -1;
	}
	e = check_dir(fd, path, page, dev, err, errlen);
	if (e) {
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

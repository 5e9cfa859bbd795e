/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_SHAREDIR_H
#define MACHINE_SHAREDIR_H
/*
 * The checks a directory of shared huge-page files (HUGETLB_SHARE) and
 * the files in it must pass before anything in them is used: by the
 * runtime, which maps the files into programs, and by hugectl, which
 * judges and removes them, often as root.  Anything that fails was
 * possibly planted by another user and is refused.
 */
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/*
 * Owned by UID or root, and writable by no one else (neither group nor
 * others).  A file owned by the overflow uid (machine/overflowuid.h) is
 * neither: in a user namespace, it may be any unmapped user's.
 */
bool mach_share_owner_is(const struct stat *st, uid_t uid);

/*
 * Whether UID may share at all: not when it is the overflow uid, which
 * cannot tell its own files from those of every user the namespace does
 * not map.  Returns 0, or -1 with ERR saying why.
 */
int mach_share_uid_check(uid_t uid, char *err, size_t errlen);

/*
 * Open the directory PATH and check it, when the effective uid passes
 * mach_share_uid_check: the directory itself, never a symbolic link, in
 * the last component or through a trailing '/' (PATH must not end in
 * "." or ".." either, which would follow one too); owned by the caller
 * (the effective uid) or root and writable by no one else; on
 * hugetlbfs, with PAGE-sized pages unless PAGE is 0.  Returns a
 * descriptor (read-only, close-on-exec) through which every file in it
 * is then reached, or -1 with ERR saying why, and errno ENOENT when
 * PATH does not exist, EMEDIUMTYPE when the directory is not on
 * hugetlbfs (with PAGE-sized pages).  *DEV, unless DEV is NULL, is then the directory's st_dev: a file whose
 * st_dev is the same lies on the same file system, hugetlbfs with PAGE's
 * pages, without another fstatfs.
 */
int mach_share_dir_open(const char *path, size_t page, dev_t *dev,
			char *err, size_t errlen);

#endif

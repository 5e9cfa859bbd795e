/* SPDX-License-Identifier: MIT */
/* The link's output, through its directory: see output.h. */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "linker/output.h"

int lw_output_hold(struct lw_output *o, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;

	o->path = path;
	o->name = slash ? slash + 1 : path;
	if (!slash)
		dir = strdup(".");
	else if (slash == path)
		dir = strdup("/");
	else
		dir = strndup(path, (size_t)(slash - path));
	if (!dir) {
		warn("%s", path);
		return -1;
	}
	/* O_PATH: a directory the user may search but not read will do. */
	o->dir = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (o->dir < 0)
		warn("%s: its directory %s", path, dir);
	free(dir);
	return o->dir < 0 ? -1 : 0;
}

void lw_output_release(struct lw_output *o)
{
	if (o->dir >= 0)
		close(o->dir);
	o->dir = -1;
}

int lw_output_stat(const struct lw_output *o, struct stat *st)
{
	return fstatat(o->dir, o->name, st, AT_SYMLINK_NOFOLLOW);
}

int lw_output_remove(const struct lw_output *o)
{
	return unlinkat(o->dir, o->name, 0);
}

/*
 * Why ST is not the linker's output, or NULL when it may be.  Its owner
 * is not asked: a file system may show another one (NFS with
 * root_squash, sshfs, a vfat mount's uid=), and whoever may write the
 * directory can put a file of their own there anyway, but never bring
 * in another user's file but by a link.
 */
static const char *not_output(const struct stat *st)
{
	if (!S_ISREG(st->st_mode))
		return "not a regular file";
	if (st->st_nlink != 1)
		return "it has more than one link";
	return NULL;
}

/* The output opened read-only and checked; -1 after a message. */
static int open_checked(const struct lw_output *o, struct stat *st)
{
	int fd = openat(o->dir, o->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	const char *why;

	if (fd < 0) {
		if (errno == ELOOP)
			warnx("%s: not the linker's output: a symbolic link",
			      o->path);
		else
			warn("%s", o->path);
		return -1;
	}
	if (fstat(fd, st) < 0) {
		warn("%s", o->path);
		close(fd);
		return -1;
	}
	why = not_output(st);
	if (why) {
		warnx("%s: not the linker's output: %s", o->path, why);
		close(fd);
		return -1;
	}
	return fd;
}

/* FD, open on the file ST describes, opened again for writing by its
 * name, the owner lent write permission for the open; -1 after a
 * message. */
static int reopen_writable(const struct lw_output *o, int fd,
			   const struct stat *st)
{
	mode_t mode = st->st_mode & 07777;
	bool lent = !(mode & S_IWUSR) && fchmod(fd, mode | S_IWUSR) == 0;
	int wfd = openat(o->dir, o->name, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	struct stat now;

	if (wfd < 0)
		warn("%s", o->path);
	else if (fstat(wfd, &now) < 0 || now.st_dev != st->st_dev ||
		 now.st_ino != st->st_ino) {
		warnx("%s: not the linker's output: replaced as it was opened",
		      o->path);
		close(wfd);
		wfd = -1;
	}
	if (lent && fchmod(fd, mode) < 0) {
		warn("%s: putting its mode back", o->path);
		if (wfd >= 0)
			close(wfd);
		wfd = -1;
	}
	return wfd;
}

int lw_output_read(const struct lw_output *o, struct el_file *f)
{
	int fd = lw_output_open(o, 0), rc;

	if (fd < 0) {
		*f = (struct el_file){ .fd = -1 };
		return -1;
	}
	rc = el_open_fd(f, o->path, fd);
	f->own_fd = true;
	return rc;
}

int lw_output_open(const struct lw_output *o, int write)
{
	struct stat st;
	int fd = open_checked(o, &st), wfd;

	if (fd < 0 || !write)
		return fd;
	wfd = reopen_writable(o, fd, &st);
	close(fd);
	return wfd;
}

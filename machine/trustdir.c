/* SPDX-License-Identifier: MIT */
/* Opening a directory through no path another user controls: see
 * trustdir.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine/trustdir.h"

#define LINKS_MAX 40	/* as the kernel's own limit on a path's links */

/* Why ST, a directory or a link on the way, may be changed by
 * someone other than root and this user, in CAUSE (LEN bytes); NULL
 * when it may not. */
static const char *untrusted(const struct stat *st, char *cause, size_t len)
{
	if (st->st_uid != 0 && st->st_uid != geteuid())
		snprintf(cause, len, "belongs to another user (uid %u)",
			 (unsigned)st->st_uid);
	else if (S_ISDIR(st->st_mode) && (st->st_mode & S_IWOTH) &&
		 !(st->st_mode & S_ISVTX))
		snprintf(cause, len, "is a directory others may write to");
	else
		return NULL;
	return cause;
}

/* The walk: the directory reached so far, and what is left of the
 * path, in a buffer of its own (a link's target goes in front). */
struct walk {
	int fd;
	char rest[PATH_MAX];
	char shown[PATH_MAX];	/* the path walked, for messages */
	int links;
	char *why;
	size_t len;
};

static int refuse(struct walk *w, const char *what, const char *cause)
{
	snprintf(w->why, w->len, "%s %s", what[0] ? what : "/", cause);
	return -1;
}

/* Move W to the directory FD, checked unless it is the LAST; closes the
 * one it held. */
static int enter(struct walk *w, int fd, const char *name, bool last)
{
	char buf[64];
	struct stat st;
	const char *cause;

	if (fd < 0 || fstat(fd, &st)) {
		snprintf(w->why, w->len, "%s: %s", name[0] ? name : "/",
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	cause = last ? NULL : untrusted(&st, buf, sizeof(buf));
	if (cause) {
		close(fd);
		return refuse(w, name, cause);
	}
	if (w->fd >= 0)
		close(w->fd);
	w->fd = fd;
	return 0;
}

/* Put TARGET, a link's, in front of what is left; an absolute one
 * starts again from "/". */
static int follow(struct walk *w, const char *comp)
{
	char target[PATH_MAX], rest[PATH_MAX], cause[64];
	struct stat st;
	ssize_t n;

	if (fstatat(w->fd, comp, &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISLNK(st.st_mode))
		return refuse(w, w->shown, "is not a directory");
	if (untrusted(&st, cause, sizeof(cause)))
		return refuse(w, w->shown, "is a symbolic link that belongs "
			      "to another user");
	n = readlinkat(w->fd, comp, target, sizeof(target) - 1);
	if (n < 0 || ++w->links > LINKS_MAX)
		return refuse(w, w->shown, "cannot be followed");
	target[n] = '\0';
	if ((size_t)snprintf(rest, sizeof(rest), "%s/%s", target,
			     w->rest) >= sizeof(rest))
		return refuse(w, w->shown, "leads to a path too long");
	memcpy(w->rest, rest, sizeof(rest));
	if (target[0] == '/')
		return enter(w, open("/", O_PATH | O_DIRECTORY | O_CLOEXEC),
			     "/", false);
	return 0;
}

/* Whether no component is left in W->rest. */
static bool at_end(const struct walk *w)
{
	return !w->rest[strspn(w->rest, "/")];
}

/* Take the next component off W->rest into COMP; false when none is
 * left. */
static bool next(struct walk *w, char *comp, size_t len)
{
	char *s = w->rest, *slash;

	while (*s == '/')
		s++;
	if (!*s)
		return false;
	slash = strchr(s, '/');
	snprintf(comp, len, "%.*s", slash ? (int)(slash - s) : (int)strlen(s),
		 s);
	memmove(w->rest, slash ? slash : s + strlen(s),
		strlen(slash ? slash : s + strlen(s)) + 1);
	return true;
}

int mach_trusted_dir_open(const char *path, char *why, size_t len)
{
	struct walk w = { .fd = -1, .why = why, .len = len };
	char comp[NAME_MAX + 1];
	int fd;

	if (strlen(path) >= sizeof(w.rest)) {
		snprintf(why, len, "the path is too long");
		return -1;
	}
	snprintf(w.rest, sizeof(w.rest), "%s", path);
	snprintf(w.shown, sizeof(w.shown), "%s", path[0] == '/' ? "" : ".");
	if (enter(&w, open(path[0] == '/' ? "/" : ".",
			   O_PATH | O_DIRECTORY | O_CLOEXEC), w.shown,
		  at_end(&w)))
		return -1;
	while (next(&w, comp, sizeof(comp))) {
		size_t at = strlen(w.shown);

		snprintf(w.shown + at, sizeof(w.shown) - at, "/%s", comp);
		fd = openat(w.fd, comp,
			    O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 && (errno == ELOOP || errno == ENOTDIR)) {
			if (follow(&w, comp))
				goto fail;
			continue;
		}
		if (enter(&w, fd, w.shown, at_end(&w)))
			goto fail;
	}
	/* The walk needs only search permission (O_PATH); the caller
	 * gets the directory opened for reading, as open(2) gives it. */
	fd = openat(w.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		snprintf(why, len, "%s: %s", w.shown, strerror(errno));
	close(w.fd);
	return fd;
fail:
	if (w.fd >= 0)
		close(w.fd);
	return -1;
}

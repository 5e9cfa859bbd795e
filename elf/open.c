/* SPDX-License-Identifier: MIT */
/*
 * Opening a regular file and nothing else: see open.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/open.h"

#define READ_FLAGS (O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)

/*
 * Without /proc, open PATH again by its path, and keep it only when it is
 * the file AT_ST describes: in the moment between, the path could lead
 * to something else, which is opened.
 */
static int open_again(int dirfd, const char *path, int flags,
		      const struct stat *at_st)
{
	struct stat st;
	int fd = openat(dirfd, path, READ_FLAGS | (flags & O_NOFOLLOW));

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || st.st_dev != at_st->st_dev ||
	    st.st_ino != at_st->st_ino) {
		close(fd);
		return EL_NOT_REGULAR;
	}
	return fd;
}

int el_open_regular_at(int dirfd, const char *path, int flags)
{
	char self[32];
	struct stat st;
	int at, fd, e;

	at = openat(dirfd, path, O_PATH | O_CLOEXEC | (flags & O_NOFOLLOW));
	if (at < 0)
		return -1;
	if (fstat(at, &st)) {
		e = errno;
		close(at);
		errno = e;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(at);
		return EL_NOT_REGULAR;
	}
	snprintf(self, sizeof(self), "/proc/self/fd/%d", at);
	fd = open(self, READ_FLAGS);
	if (fd < 0 && errno == ENOENT && access("/proc/self/fd", F_OK))
		fd = open_again(dirfd, path, flags, &st);
	e = errno;
	close(at);
	errno = e;
	return fd;
}

int el_open_regular(const char *path, int flags)
{
	return el_open_regular_at(AT_FDCWD, path, flags);
}

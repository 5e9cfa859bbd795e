/* SPDX-License-Identifier: MIT */
/*
 * A program's own first start primes the page cache: see prime.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arch/raw.h"
#include "loader/prime.h"
#include "machine/pagecache.h"

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434	/* x86_64's and aarch64's */
#endif

/* Keep 0 to 2 (on /dev/null), A and B (both above 2, maybe the same);
 * close the rest. */
static void detach_fds(int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;
	int null = open("/dev/null", O_RDWR);

	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
	}
	/* close_range(2) is Linux 5.9's: before it, one by one. */
	if ((lo > 3 && close_range(3, (unsigned)lo - 1, 0)) ||
	    (hi > lo + 1 && close_range((unsigned)lo + 1, (unsigned)hi - 1, 0)) ||
	    close_range((unsigned)hi + 1, ~0u, 0))
		for (int i = 3; i < 1024; i++)
			if (i != lo && i != hi)
				close(i);
}

/* FD moved above 2, where /dev/null is about to go; -1 when it cannot
 * be.  -1 stays -1. */
static int above_stdio(int fd)
{
	return fd >= 0 && fd < 3 ? fcntl(fd, F_DUPFD, 3) : fd;
}

/* Wait until the process the pidfd END refers to has ended; -1 when the
 * kernel cannot say. */
static int wait_end(int end)
{
	struct pollfd p = { .fd = end, .events = POLLIN };
	long r;

	while ((r = raw_syscall6(SYS_ppoll, (long)&p, 1, 0, 0, 0, 0)) == -EINTR)
		;
	return r < 0 ? -1 : 0;
}

/*
 * The process that primes, holding FD's lock, once END's process has
 * ended if END is a pidfd: it never returns.
 */
static void prime(int fd, int end, const struct ldr_image *img, size_t page)
{
	struct mach_primed p;
	bool waits = end >= 0;

	fd = above_stdio(fd);
	end = above_stdio(end);
	if (fd < 0 || (waits && end < 0))
		_exit(1);
	setsid();
	prctl(PR_SET_NAME, "hugelink-prime", 0, 0, 0);
	if (chdir("/"))
		_exit(1);
	detach_fds(fd, waits ? end : fd);
	setpriority(PRIO_PROCESS, 0, 19);
	if (waits && wait_end(end))
		_exit(1);
	mach_pagecache_prime(fd, img->ph, img->phnum, page, &p);
	_exit(0);
}

/*
 * Make the process that primes, through a child that leaves at once.
 * The child sends one byte: 0 once the process is made, else the errno
 * of the fork that failed, so that the start can say why.
 */
static int spawn(int fd, int end, const struct ldr_image *img, size_t page)
{
	int made[2], err;
	ssize_t n = 0;
	pid_t child;
	unsigned char byte = 0;

	if (pipe2(made, O_CLOEXEC))
		return -1;
	child = fork();
	err = errno;
	if (child == 0) {
		pid_t grandchild = fork();

		if (grandchild == 0) {
			close(made[0]);
			close(made[1]);
			prime(fd, end, img, page);
		}
		byte = grandchild < 0 ? (unsigned char)errno : 0;
		_exit(write(made[1], &byte, 1) != 1);
	}
	close(made[1]);
	if (child > 0) {
		while ((n = read(made[0], &byte, 1)) < 0 && errno == EINTR)
			;
		/* Where SIGCHLD is ignored, the kernel has reaped it. */
		while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
			;
	}
	close(made[0]);
	if (n == 1 && byte == 0)
		return 0;
	/* A child that ended without a word, killed, leaves ECHILD. */
	errno = child < 0 ? err : n == 1 ? byte : ECHILD;
	return -1;
}

int ldr_prime_spawn(int fd, const struct ldr_image *img, size_t page,
		    bool after_end)
{
	long end = -1;
	int r, err;

	/* Taken here, it is the process's: it goes on with the descriptor. */
	if (flock(fd, LOCK_EX | LOCK_NB))
		return errno == EWOULDBLOCK ? 1 : -1;
	if (after_end) {
		end = raw_syscall6(SYS_pidfd_open, getpid(), 0, 0, 0, 0, 0);
		if (end < 0) {
			errno = (int)-end;
			return -1;
		}
	}
	r = spawn(fd, (int)end, img, page);
	err = errno;
	if (end >= 0)
		close((int)end);
	errno = err;
	return r;
}

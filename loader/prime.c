/* SPDX-License-Identifier: MIT */
/*
 * A program's own first start primes the page cache: see prime.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "loader/prime.h"
#include "machine/pagecache.h"

/* Keep 0 to 2 (on /dev/null) and FD; close the rest. */
static void detach_fds(int fd)
{
	int null = open("/dev/null", O_RDWR);

	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
	}
	/* close_range(2) is Linux 5.9's: before it, one by one. */
	if ((fd > 3 && close_range(3, (unsigned)fd - 1, 0)) ||
	    close_range((unsigned)fd + 1, ~0u, 0))
		for (int i = 3; i < 1024; i++)
			if (i != fd)
				close(i);
}

/* The process that primes: it never returns. */
static void prime(int fd, const struct ldr_image *img, size_t page)
{
	struct mach_primed p;

	/* Descriptors 0 to 2 are about to be /dev/null's. */
	if (fd < 3 && (fd = fcntl(fd, F_DUPFD, 3)) < 0)
		_exit(1);
	setsid();
	detach_fds(fd);
	setpriority(PRIO_PROCESS, 0, 19);
	if (!flock(fd, LOCK_EX | LOCK_NB))
		mach_pagecache_prime(fd, img->ph, img->phnum, page, &p);
	_exit(0);
}

int ldr_prime_spawn(int fd, const struct ldr_image *img, size_t page)
{
	int made[2];
	ssize_t n = 0;
	pid_t child;
	char byte;

	if (pipe2(made, O_CLOEXEC))
		return -1;
	child = fork();
	if (child == 0) {
		pid_t grandchild = fork();

		if (grandchild == 0) {
			close(made[0]);
			close(made[1]);
			prime(fd, img, page);
		}
		_exit(grandchild < 0 || write(made[1], "", 1) != 1);
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
	return n == 1 ? 0 : -1;
}

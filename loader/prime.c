/* SPDX-License-Identifier: MIT */
/*
 * A program's own first start primes the page cache: see prime.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arch/raw.h"
#include "core/filetext.h"
#include "loader/bti.h"
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
 * The whole huge page of IMG's file text, of PAGE bytes, that this code
 * runs in, at *AT; false where it runs in none that priming can make
 * huge (a part page, or a range not congruent).
 */
static bool own_text_page(const struct ldr_image *img, size_t page,
			  uintptr_t *at)
{
	uintptr_t here = (uintptr_t)(void *)own_text_page;

	if (img->bias % page)
		return false;
	for (size_t i = 0; i < img->phnum; i++) {
		struct hl_filetext ft;

		hl_filetext_span(&img->ph[i], page, &ft);
		if (ft.congruent && ft.end > ft.start &&
		    here - (img->bias + ft.start) < ft.end - ft.start) {
			*at = here & ~(uintptr_t)(page - 1);
			return true;
		}
	}
	return false;
}

/* Write the LEN bytes at BUF to FD; -1 when they cannot all be. */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * Put a copy of the PAGE bytes at AT, which this code runs in, in place
 * of the program file's, with the same bytes and protection PROT: a
 * memfd's pages, which PR_SET_MDWE lets a process map executable where
 * it refuses anonymous memory written first.  The file's folios there
 * are then mapped by no page of this process, and priming can drop them
 * and read them back in a huge one.  -1 when it cannot: the page stays
 * the file's.  The code goes on in the copy as the call returns.
 */
static int copy_in_place(uintptr_t at, size_t page, int prot)
{
	int m = memfd_create("hugelink-prime", MFD_CLOEXEC);
	void *copy;

	if (m < 0)
		return -1;
	if (write_all(m, (const char *)at, page)) {
		close(m);
		return -1;
	}
	copy = mmap(NULL, page, prot, MAP_PRIVATE, m, 0);
	close(m);
	if (copy == MAP_FAILED)
		return -1;
	if (mremap(copy, page, page, MREMAP_MAYMOVE | MREMAP_FIXED,
		   (void *)at) == MAP_FAILED) {
		munmap(copy, page);
		return -1;
	}
	return 0;
}

/*
 * Once the program has ended, run from a copy of the huge page of its
 * text that this code lies in, so that priming can make that page huge
 * too (the libc code of a static program, elsewhere in the text, is
 * still run from the file).
 */
static void leave_own_page(const struct ldr_image *img, size_t page)
{
	uintptr_t at;

	if (own_text_page(img, page, &at))
		copy_in_place(at, page, PROT_READ | PROT_EXEC |
					ldr_bti_exec_prot(img));
}

/*
 * The process that primes, holding FD's lock, once END's process has
 * ended if END is a pidfd: it never returns.  After the program's end it
 * first leaves the file's page it runs in; after a copy, the text it
 * runs is the copy already.
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
	if (waits)
		leave_own_page(img, page);
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

/* SPDX-License-Identifier: MIT */
/*
 * A program's own first start primes the page cache: see prime.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
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
	    (hi > lo + 1 &&
	     close_range((unsigned)lo + 1, (unsigned)hi - 1, 0)) ||
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

#ifndef MFD_NOEXEC_SEAL
#define MFD_NOEXEC_SEAL 0x0008U	/* Linux 6.3 */
#endif

/*
 * The whole huge pages of file bytes, of PAGE bytes each, of the
 * congruent segment of IMG that holds ADDR: [*LO, *HI) in memory, each
 * address A at file offset A + *DELTA; false where none holds it (a part
 * page, or a segment priming cannot make huge).
 */
static bool file_span_of(const struct ldr_image *img, uintptr_t addr,
			 size_t page, uintptr_t *lo, uintptr_t *hi,
			 uint64_t *delta)
{
	if (img->bias % page)
		return false;
	for (size_t i = 0; i < img->phnum; i++) {
		const struct hl_phdr *ph = &img->ph[i];
		struct hl_filetext ft;

		hl_filetext_span(ph, page, &ft);
		*lo = img->bias + ft.start;
		*hi = img->bias + ft.end;
		if (ft.congruent && *lo < *hi && addr - *lo < *hi - *lo) {
			*delta = ph->offset - ph->vaddr - img->bias;
			return true;
		}
	}
	return false;
}

/* A memfd, sealed against execve where the kernel can (Linux 6.3), which
 * keeps it from warning; mapping it executable stays allowed. */
static int exec_memfd(void)
{
	int m = memfd_create("hugelink-prime", MFD_CLOEXEC | MFD_NOEXEC_SEAL);

	if (m < 0 && errno == EINVAL)
		m = memfd_create("hugelink-prime", MFD_CLOEXEC);
	return m;
}

/* A mapping, with protection PROT, of a copy of the PAGE bytes of FD at
 * OFF; NULL when it cannot be made. */
static void *file_copy(int fd, off_t off, size_t page, int prot)
{
	int m = exec_memfd();
	size_t left = page;
	void *copy;

	if (m < 0)
		return NULL;
	while (left) {
		ssize_t n = sendfile(m, fd, &off, left);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(m);
			return NULL;
		}
		left -= (size_t)n;
	}
	copy = mmap(NULL, page, prot, MAP_PRIVATE, m, 0);
	close(m);
	return copy == MAP_FAILED ? NULL : copy;
}

/*
 * Put a copy of the file's PAGE bytes at OFF in place of the page at AT,
 * which this code may run in: a memfd's pages, which PR_SET_MDWE lets a
 * process map executable where it refuses anonymous memory written
 * first, mapped with protection PROT.  Only where the copy holds the
 * bytes the process runs there: not where a uprobe or a debugger's
 * breakpoint changed them, nor text the dynamic loader relocated.  The
 * file's folios there are then mapped by no page of this process, and
 * priming can drop them and read them back in a huge one.  Where the
 * kernel fails the move after it unmapped the page, this process dies,
 * and nothing is primed; the program has ended by then.
 */
static void copy_in_place(int fd, off_t off, uintptr_t at, size_t page,
			  int prot)
{
	void *copy = file_copy(fd, off, page, prot);

	if (!copy)
		return;
	if (memcmp(copy, (const void *)at, page) ||
	    mremap(copy, page, page, MREMAP_MAYMOVE | MREMAP_FIXED,
		   (void *)at) == MAP_FAILED)
		munmap(copy, page);
}

/*
 * Once the program has ended, run from copies of the huge pages of its
 * text that hold the code this process runs from then on: its own, that
 * of the functions it calls (the runtime's code lies together), and the
 * PLT, which the linker puts at the start of the text.  Priming can then
 * make those pages huge too.  The libc code of a static program,
 * elsewhere in the text, is still run from the file.
 */
static void leave_file_pages(int fd, const struct ldr_image *img,
			     size_t page)
{
	int prot = PROT_READ | PROT_EXEC | ldr_bti_exec_prot(img);
	uintptr_t lo, hi, runs[3], done[3];
	uint64_t delta;
	size_t n = 0;

	if (!file_span_of(img, (uintptr_t)(void *)leave_file_pages, page, &lo,
			  &hi, &delta))
		return;
	/* The segment's first page, where the PLT is, then the code's. */
	runs[0] = lo;
	runs[1] = (uintptr_t)(void *)leave_file_pages;
	runs[2] = (uintptr_t)(void *)mach_pagecache_prime;
	for (size_t i = 0; i < 3; i++) {
		uintptr_t at = runs[i] & ~(uintptr_t)(page - 1);
		bool skip = at < lo || at >= hi;

		for (size_t j = 0; j < n; j++)
			skip |= done[j] == at;
		if (skip)
			continue;
		copy_in_place(fd, (off_t)(at + delta), at, page, prot);
		done[n++] = at;
	}
}

/*
 * End a process the start made, with the raw system call: a library
 * that carries the runtime then imports no exit function from libc, as
 * some libraries check they do not (PostgreSQL's libpq refuses to be
 * built with one).
 */
static _Noreturn void leave(int status)
{
	for (;;)
		raw_exit_group(status);
}

/*
 * The process that primes, holding FD's lock, once END's process has
 * ended if END is a pidfd: it never returns.  After the program's end it
 * first leaves the file's pages it runs in; after a copy, the text it
 * runs is the copy already.
 */
static void prime(int fd, int end, const struct ldr_image *img, size_t page)
{
	struct mach_primed p;
	bool waits = end >= 0;

	fd = above_stdio(fd);
	end = above_stdio(end);
	if (fd < 0 || (waits && end < 0))
		leave(1);
	setsid();
	prctl(PR_SET_NAME, "hugelink-prime", 0, 0, 0);
	if (chdir("/"))
		leave(1);
	detach_fds(fd, waits ? end : fd);
	setpriority(PRIO_PROCESS, 0, 19);
	/* A file size limit fails the copies below, and does not kill. */
	signal(SIGXFSZ, SIG_IGN);
	if (waits) {
		if (wait_end(end))
			leave(1);
		leave_file_pages(fd, img, page);
	}
	mach_pagecache_prime(fd, img->ph, img->phnum, page, &p);
	leave(0);
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
		leave(write(made[1], &byte, 1) != 1);
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

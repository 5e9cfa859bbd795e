/*
 * Hugetlb memory: anonymous, from a file on a hugetlbfs mount when
 * HUGETLB_PATH names one, or a filled file for kernels that cannot move
 * hugetlb mappings.  Private mappings reserve their pages when they are
 * made (no MAP_NORESERVE) and are populated at once, so nothing can fail
 * once the swap starts.  File descriptors are close-on-exec, and closed
 * as soon as nothing needs them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/size.h"
#include "host/hugetlb.h"
#include "host/pool.h"
#include "host/sysinfo.h"
#include "runtime/backing.h"

#ifndef MFD_HUGETLB
#define MFD_HUGETLB 4U
#endif
#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif

static void start(struct rt_backing *b)
{
	memset(b, 0, sizeof(*b));
	b->fd = -1;
	b->kind = HL_BACK_HUGETLB;
}

static void fail(struct rt_backing *b, const char *what, size_t len,
		 size_t page, int err)
{
	long free_pages = host_free_pages(page);
	char sz[16];

	b->err = err;
	hl_format_size(page, sz, sizeof(sz));
	if (err == ENOMEM && free_pages >= 0)
		snprintf(b->error, sizeof(b->error),
			 "%s: needs %zu free %s huge pages, the pool has %ld",
			 what, len / page, sz, free_pages);
	else
		snprintf(b->error, sizeof(b->error), "%s (%s pages): %s", what,
			 sz, strerror(err));
}

/* An unlinked file on a mount from PATHS. */
static int mount_file(struct rt_backing *b, size_t len, size_t page,
		      const char *paths)
{
	char dir[256], tmpl[300], sz[16];
	int fd;

	if (host_mount_for_size(page, paths, dir, sizeof(dir))) {
		snprintf(b->error, sizeof(b->error),
			 "HUGETLB_PATH has no usable hugetlbfs mount for %s pages",
			 hl_format_size(page, sz, sizeof(sz)));
		return -1;
	}
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(tmpl, sizeof(tmpl), "%s/hugelink.XXXXXX", dir);
		fd = mkostemp(tmpl, O_CLOEXEC);
		if (fd >= 0)
			unlink(tmpl);
	}
	if (fd < 0)
		fail(b, dir, len, page, errno);
	snprintf(b->desc, sizeof(b->desc), "%.80s", dir);
	return fd;
}

/* A hugetlb file of LEN bytes: on a mount from PATHS, or a memfd. */
static int hugetlb_file(struct rt_backing *b, size_t len, size_t page,
			const char *paths, const char *name)
{
	unsigned flags = MFD_CLOEXEC | MFD_HUGETLB |
			 (unsigned)__builtin_ctzl(page) << MAP_HUGE_SHIFT;
	int fd = paths && *paths ? mount_file(b, len, page, paths) :
		 memfd_create(name, flags);

	if (fd < 0) {
		if (!b->error[0])
			fail(b, "memfd_create", len, page, errno);
		return -1;
	}
	if (ftruncate(fd, (off_t)len)) {
		fail(b, "ftruncate", len, page, errno);
		close(fd);
		return -1;
	}
	return fd;
}

/* True when every huge page of B has been allocated. */
static bool populated(const struct rt_backing *b, size_t page)
{
	unsigned char in;

	for (size_t off = 0; off < b->len; off += page)
		if (mincore((char *)b->addr + off, 1, &in) || !(in & 1))
			return false;
	return true;
}

/*
 * Map FD's LEN bytes (FD -1: anonymous memory) with PROT and FLAGS, every
 * huge page present.  WHAT names the mapping in messages.
 */
static int map_populated(struct rt_backing *b, int fd, size_t len, size_t page,
			 int prot, int flags, const char *what)
{
	b->addr = mmap(NULL, len, prot, flags | MAP_POPULATE, fd, 0);
	if (b->addr == MAP_FAILED) {
		fail(b, what, len, page, errno);
		b->addr = NULL;
		return -1;
	}
	b->len = len;
	if (!populated(b, page)) {
		fail(b, "populating the huge pages", len, page, ENOMEM);
		rt_backing_unmap(b);
		return -1;
	}
	return 0;
}

int rt_backing_map(struct rt_backing *b, size_t len, size_t page,
		   const char *paths)
{
	int fd, rc;

	start(b);
	if (!paths || !*paths)
		return map_populated(b, -1, len, page, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS |
				     host_hugetlb_flags(page), "mmap");
	fd = hugetlb_file(b, len, page, paths, "");
	if (fd < 0)
		return -1;
	rc = map_populated(b, fd, len, page, PROT_READ | PROT_WRITE, MAP_PRIVATE,
			   "mmap");
	close(fd);
	return rc;
}

int rt_backing_map_file(struct rt_backing *b, size_t len, size_t page,
			const char *paths, const char *name)
{
	int fd;

	start(b);
	fd = hugetlb_file(b, len, page, paths, name);
	if (fd < 0)
		return -1;
	if (map_populated(b, fd, len, page, PROT_READ | PROT_WRITE, MAP_SHARED,
			  "mmap of a hugetlb file")) {
		close(fd);
		return -1;
	}
	b->fd = fd;
	return 0;
}

/*
 * Private, so that a debugger attached later can write a breakpoint: the
 * kernel then gives this process a copy of that huge page, if the pool
 * has one free (else the debugger is told it cannot write there, and the
 * program runs on).  MAP_NORESERVE, because a private mapping would
 * otherwise reserve the whole size again, which an empty pool refuses.
 * The price: a program that makes its own text writable and writes to
 * it with no free huge page gets SIGBUS, where a shared mapping of the
 * read-only descriptor would have refused PROT_WRITE.
 */
int rt_backing_map_shared(struct rt_backing *b, int fd, size_t len,
			  size_t page, int prot, bool keep_fd)
{
	start(b);
	b->shared = true;
	if (map_populated(b, fd, len, page, prot, MAP_PRIVATE | MAP_NORESERVE,
			  "mmap of a shared file"))
		return -1;
	if (keep_fd)
		b->fd = fd;
	return 0;
}

void rt_backing_unmap(struct rt_backing *b)
{
	if (b->addr)
		munmap(b->addr, b->len);
	b->addr = NULL;
	if (b->fd >= 0)
		close(b->fd);
	b->fd = -1;
}

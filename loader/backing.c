/* SPDX-License-Identifier: MIT */
/*
 * Hugetlb memory: anonymous, from a file on a hugetlbfs mount when
 * HUGETLB_PATH names one, or a filled file for kernels that cannot move
 * hugetlb mappings.  The mappings reserve their pages when they are made
 * (no MAP_NORESERVE): the pool then holds every page for them, and a
 * mapping the pool cannot serve is refused there and then.  The pages
 * are faulted in later, each just before it is filled, and always
 * before the swap starts, so nothing can fail once it has: through
 * MADV_POPULATE_WRITE, which reports a fault the reservation does not
 * cover (a hugetlb cgroup limit) as an error rather than SIGBUS.  File
 * descriptors are close-on-exec, and closed as soon as nothing needs
 * them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch/raw.h"
#include "core/size.h"
#include "machine/cgroup.h"
#include "machine/hugetlb.h"
#include "machine/pool.h"
#include "machine/sysinfo.h"
#include "loader/backing.h"

#ifndef MFD_HUGETLB
#define MFD_HUGETLB 4U
#endif
#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif

static void start(struct ldr_backing *b)
{
	memset(b, 0, sizeof(*b));
	b->fd = -1;
	b->kind = HL_BACK_HUGETLB;
}

/* The pages of PAGE size the pool can give a new reservation, with
 * overcommit's in *MORE; -1 where the pool cannot be read. */
static long pool_available(size_t page, long *more)
{
	struct mach_pool pool;

	mach_pool_read(&pool, MACH_SYSFS_HUGEPAGES, page);
	*more = pool.known ? mach_pool_headroom(&pool) : 0;
	return pool.known ? mach_pool_available(&pool) : -1;
}

bool ldr_backing_refusal(char *buf, size_t buflen, const char *what,
			 size_t len, size_t page, int err, bool reserved)
{
	long want = (long)(len / page), avail = -1, more = 0, room = -1;
	char sz[16], limit[MACH_CGROUP_PATH_MAX], extra[48] = "";

	hl_format_size(page, sz, sizeof(sz));
	if (reserved && err == EFAULT)
		err = ENOMEM;
	if (err == ENOMEM && !reserved)
		avail = pool_available(page, &more);
	if (err == ENOMEM)
		room = mach_hugetlb_cgroup_room(page, reserved ?
						MACH_HUGETLB_LIMIT_FAULTED :
						MACH_HUGETLB_LIMIT_RESERVED,
						limit, sizeof(limit));
	if (more)
		snprintf(extra, sizeof(extra), " and %ld more by overcommit",
			 more);
	if (avail >= 0 && avail + more < want) {
		snprintf(buf, buflen, "%s: needs %ld %s huge pages, the pool "
			 "has %ld free (free minus reserved)%s", what, want, sz,
			 avail, extra);
		return true;
	}
	if (room >= 0 && room < want) {
		snprintf(buf, buflen, "%s: needs %ld %s huge pages, the "
			 "hugetlb cgroup allows %ld (%s)", what, want, sz, room,
			 limit);
		return true;
	}
	if (err == ENOMEM && reserved)
		snprintf(buf, buflen, "%s: the kernel refused %s huge pages "
			 "the pool had reserved", what, sz);
	else
		snprintf(buf, buflen, "%s (%s pages): %s", what, sz,
			 strerror(err));
	return false;
}

/* Set B's error: WHAT failed with ERR for LEN bytes of PAGE-size huge
 * pages, RESERVED already (ldr_backing_refusal). */
static void fail(struct ldr_backing *b, const char *what, size_t len,
		 size_t page, int err, bool reserved)
{
	b->err = err;
	b->short_pages = ldr_backing_refusal(b->error, sizeof(b->error), what,
					     len, page, err, reserved);
}

/* An unlinked file on a mount from PATHS. */
static int mount_file(struct ldr_backing *b, size_t len, size_t page,
		      const char *paths)
{
	char dir[256], tmpl[300], sz[16];
	int fd;

	if (mach_mount_for_size(page, paths, dir, sizeof(dir))) {
		snprintf(b->error, sizeof(b->error),
			 "HUGETLB_PATH has no usable hugetlbfs mount for %s "
			 "pages",
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
		fail(b, dir, len, page, errno, false);
	snprintf(b->desc, sizeof(b->desc), "%.80s", dir);
	return fd;
}

/* A hugetlb file of LEN bytes: on a mount from PATHS, or a memfd. */
static int hugetlb_file(struct ldr_backing *b, size_t len, size_t page,
			const char *paths, const char *name)
{
	unsigned flags = MFD_CLOEXEC | MFD_HUGETLB |
			 (unsigned)__builtin_ctzl(page) << MAP_HUGE_SHIFT;
	int fd = paths && *paths ? mount_file(b, len, page, paths) :
		 memfd_create(name, flags);

	if (fd < 0) {
		if (!b->error[0])
			fail(b, "memfd_create", len, page, errno, false);
		return -1;
	}
	if (ftruncate(fd, (off_t)len)) {
		fail(b, "ftruncate", len, page, errno, false);
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * True when every huge page of B is present.  mincore gives a byte per
 * base page; one call covers as many huge pages as VEC has bytes for, or
 * the first base page of one larger than that.
 */
static bool populated(const struct ldr_backing *b, size_t page)
{
	size_t base = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char vec[4096];
	size_t span = sizeof(vec) * base > page ? sizeof(vec) * base : page;

	for (size_t off = 0; off < b->len; off += span) {
		size_t n = b->len - off < span ? b->len - off : span;
		size_t ask = page < span ? n : base;

		if (mincore((char *)b->addr + off, ask, vec))
			return false;
		for (size_t i = 0; i < ask / base; i += page / base)
			if (!(vec[i] & 1))
				return false;
	}
	return true;
}

/* Map FD's LEN bytes (FD -1: anonymous memory) into B; WHAT for messages. */
static int map(struct ldr_backing *b, int fd, size_t len, size_t page, int prot,
	       int flags, const char *what)
{
	b->addr = mmap(NULL, len, prot, flags, fd, 0);
	if (b->addr == MAP_FAILED) {
		fail(b, what, len, page, errno, false);
		b->addr = NULL;
		return -1;
	}
	b->len = len;
	b->page = page;
	return 0;
}

/*
 * Whether a fresh huge page of PAGE bytes is best faulted at its last
 * base page first: a PMD's size.  The kernel clears such a page a base
 * page at a time, and leaves the one faulted at for last, so that it is
 * still in the cache; faulted at its first, it clears the others from
 * the last down, which on the AMD machine of doc/bench.md part j takes
 * two to three times as long as from the first up.  It clears larger
 * pages (1 GiB) from the first up wherever they are faulted, and
 * smaller ones (arm64's 64 KiB contiguous pages) take too little
 * clearing for the extra call to pay.
 */
static bool fault_at_end(size_t page, size_t base)
{
	return page == hl_pmd_size(base);
}

/*
 * Fault in every base page of [FROM, TO), whole huge pages of PAGE
 * bytes, for writing, keeping what it holds: each huge page at its last
 * base page first (fault_at_end).  The first access to each page must
 * be a write: a read fault in THP memory maps the shared huge zero page,
 * and a write to that splits it into base pages (Linux 5.8 and later),
 * so the range would end on base pages.  A locked add of 0 is one
 * access, a write.
 */
static void touch(char *from, char *to, size_t page)
{
	size_t base = (size_t)sysconf(_SC_PAGESIZE);
	size_t len = (size_t)(to - from);
	bool at_end = fault_at_end(page, base);

	for (size_t off = 0; at_end && len - off >= page; off += page)
		__atomic_fetch_add(from + off + page - base, 0,
				   __ATOMIC_RELAXED);
	for (char *p = from; p < to; p += base)
		__atomic_fetch_add(p, 0, __ATOMIC_RELAXED);
}

/*
 * Fault in [AT, AT + LEN), whole huge pages of PAGE bytes, for writing
 * (MADV_POPULATE_WRITE): each huge page at its last base page first
 * (fault_at_end).  A fault maps a whole hugetlb page, but THP memory
 * may get base pages: for THP (THP set), or where the range is not made
 * of whole pages, one more call over the whole range faults in what the
 * first calls did not cover.  Returns 0 or the first failed call's
 * -errno.
 */
static long populate(char *at, size_t len, size_t page, bool thp)
{
	size_t base = (size_t)sysconf(_SC_PAGESIZE);
	bool at_end = fault_at_end(page, base);
	long r;

	for (size_t off = 0; at_end && len - off >= page; off += page) {
		r = raw_madvise(at + off + page - base, base,
				MADV_POPULATE_WRITE);
		if (r)
			return r;
	}
	if (at_end && !thp && (uintptr_t)at % page == 0 && len % page == 0)
		return 0;
	return raw_madvise(at, len, MADV_POPULATE_WRITE);
}

/*
 * Map FD's LEN bytes (FD -1: anonymous memory) with PROT and FLAGS, every
 * huge page present.  WHAT names the mapping in messages.
 */
static int map_populated(struct ldr_backing *b, int fd, size_t len, size_t page,
			 int prot, int flags, const char *what)
{
	if (map(b, fd, len, page, prot, flags | MAP_POPULATE, what))
		return -1;
	if (!populated(b, page)) {
		ldr_backing_unmap(b);
		fail(b, "populating the huge pages", len, page, ENOMEM, true);
		return -1;
	}
	b->present = len;
	return 0;
}

/*
 * Map FD's LEN bytes (FD -1: anonymous memory) writable with FLAGS, which
 * do not include MAP_NORESERVE: the kernel reserves every huge page of
 * the mapping now, or refuses it, and each later fault takes one of the
 * pages reserved.  The first page is faulted in at once, and the rest by
 * ldr_backing_fault_in as it is filled.  Where MADV_POPULATE_WRITE cannot
 * fault them in without risking SIGBUS (ldr_backing_cannot_populate:
 * before Linux 5.14, or under a seccomp filter), the whole mapping is
 * populated here (MAP_POPULATE) and checked with mincore.
 */
static int map_reserved(struct ldr_backing *b, int fd, size_t len, size_t page,
			int flags, const char *what)
{
	int prot = PROT_READ | PROT_WRITE;
	long r;

	if (map(b, fd, len, page, prot, flags, what))
		return -1;
	r = populate(b->addr, page, page, false);
	if (r == 0) {
		b->present = page;
		return 0;
	}
	munmap(b->addr, len);
	b->addr = NULL;
	if (!ldr_backing_cannot_populate(r)) {
		fail(b, "populating the huge pages", len, page, (int)-r, true);
		return -1;
	}
	return map_populated(b, fd, len, page, prot, flags, what);
}

bool ldr_backing_cannot_populate(long r)
{
	return r == -EINVAL || r == -EPERM || r == -ENOSYS;
}

int ldr_backing_map(struct ldr_backing *b, size_t len, size_t page,
		   const char *paths)
{
	int fd, rc;

	start(b);
	if (!paths || !*paths)
		return map_reserved(b, -1, len, page,
				    MAP_PRIVATE | MAP_ANONYMOUS |
				    mach_hugetlb_flags(page), "mmap");
	fd = hugetlb_file(b, len, page, paths, "");
	if (fd < 0)
		return -1;
	rc = map_reserved(b, fd, len, page, MAP_PRIVATE, "mmap");
	close(fd);
	return rc;
}

int ldr_backing_map_file(struct ldr_backing *b, size_t len, size_t page,
			const char *paths, const char *name)
{
	int fd;

	start(b);
	fd = hugetlb_file(b, len, page, paths, name);
	if (fd < 0)
		return -1;
	/* B's from here, so that a failure gives the file's pages back
	 * (ldr_backing_unmap) before its message counts the pool and the
	 * cgroup limit. */
	b->fd = fd;
	if (map_reserved(b, fd, len, page, MAP_SHARED,
			 "mmap of a hugetlb file")) {
		ldr_backing_unmap(b);
		return -1;
	}
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
 *
 * Not populated: the caller checked that the file holds every one of
 * its pages (loader/share.c), so a read fault only maps a page of the
 * file and takes nothing from the pool, and the pages are mapped as the
 * program first touches them, as its own text would be, rather than all
 * at every start.
 */
int ldr_backing_map_shared(struct ldr_backing *b, int fd, size_t len,
			  size_t page, int prot)
{
	start(b);
	b->shared = true;
	if (map(b, fd, len, page, prot, MAP_PRIVATE | MAP_NORESERVE,
		"mmap of a shared file"))
		return -1;
	b->present = len;
	b->fd = fd;
	return 0;
}

long ldr_backing_populate_hugetlb(void *at, size_t len, size_t page)
{
	return populate(at, len, page, false);
}

int ldr_backing_fault_in(struct ldr_backing *b, size_t off, size_t len)
{
	size_t from = off > b->present ? off : b->present;
	char *at = (char *)b->addr + from;
	long r;

	if (off + len <= b->present)
		return 0;
	r = populate(at, off + len - from, b->page, b->kind == HL_BACK_THP);
	/* Where madvise cannot, THP is populated by hand; hugetlb was
	 * already (map_reserved). */
	if (ldr_backing_cannot_populate(r) && b->kind == HL_BACK_THP) {
		touch(at, (char *)b->addr + off + len, b->page);
		r = 0;
	}
	if (r) {
		ldr_backing_unmap(b);
		if (b->kind == HL_BACK_THP) {
			b->err = (int)-r;
			snprintf(b->error, sizeof(b->error), "transparent huge "
				 "pages: MADV_POPULATE_WRITE: %s",
				 strerror(b->err));
		} else {
			fail(b, "populating the huge pages", b->len, b->page,
			     (int)-r, true);
		}
		return -1;
	}
	if (from == b->present)
		b->present = off + len;
	return 0;
}

void ldr_backing_unmap(struct ldr_backing *b)
{
	if (b->addr)
		munmap(b->addr, b->len);
	b->addr = NULL;
	if (b->fd >= 0)
		close(b->fd);
	b->fd = -1;
}

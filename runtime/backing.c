/*
 * Private huge-page memory: memfd_create(MFD_HUGETLB), or an unlinked
 * file on a hugetlbfs mount when HUGETLB_PATH names one.  Mapped
 * MAP_PRIVATE from an empty file, so the pages are the mapping's own: a
 * writable segment costs its size once, not file copy plus copy-on-write
 * copy, and fork() gives parent and child their own data.  The mapping
 * reserves its pages when it is made (no MAP_NORESERVE) and is populated
 * at once, so nothing can fail once the swap starts.  File descriptors
 * are close-on-exec and closed as soon as the memory is mapped.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/size.h"
#include "host/pool.h"
#include "host/sysinfo.h"
#include "runtime/backing.h"

#ifndef MFD_HUGETLB
#define MFD_HUGETLB 4U
#endif
#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif

static int log2_of(size_t v)
{
	return __builtin_ctzl(v);
}

static void fail(struct rt_backing *b, const char *what, size_t len,
		 size_t page, int err)
{
	long free_pages = host_free_pages(page);
	char sz[16];

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

static int memfd(struct rt_backing *b, size_t len, size_t page,
		 const char *name)
{
	unsigned flags = MFD_CLOEXEC | MFD_HUGETLB |
			 (unsigned)log2_of(page) << MAP_HUGE_SHIFT;
	int fd = memfd_create(name, flags);

	if (fd < 0)
		fail(b, "memfd_create", len, page, errno);
	snprintf(b->desc, sizeof(b->desc), "memfd");
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
 * Map FD's LEN bytes with PROT and FLAGS (MAP_PRIVATE or MAP_SHARED),
 * every huge page present.  WHAT names the mapping in messages.
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
		   const char *paths, const char *name)
{
	int fd, rc;

	memset(b, 0, sizeof(*b));
	fd = paths && *paths ? mount_file(b, len, page, paths) :
			       memfd(b, len, page, name);
	if (fd < 0)
		return -1;
	if (ftruncate(fd, (off_t)len)) {
		fail(b, "ftruncate", len, page, errno);
		close(fd);
		return -1;
	}
	rc = map_populated(b, fd, len, page, PROT_READ | PROT_WRITE, MAP_PRIVATE,
			   "mmap");
	close(fd);
	return rc;
}

int rt_backing_map_shared(struct rt_backing *b, int fd, size_t len,
			  size_t page, int prot)
{
	memset(b, 0, sizeof(*b));
	snprintf(b->desc, sizeof(b->desc), "shared");
	return map_populated(b, fd, len, page, prot, MAP_SHARED,
			     "mmap of a shared file");
}

int rt_backing_probe_move(struct rt_backing *b, size_t page)
{
	size_t span = b->len + page;
	char *area = mmap(NULL, span, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	char *to, *moved;

	if (area == MAP_FAILED) {
		snprintf(b->error, sizeof(b->error), "mmap: %s", strerror(errno));
		return -1;
	}
	to = (char *)(((uintptr_t)area + page - 1) & ~(uintptr_t)(page - 1));
	moved = mremap(b->addr, b->len, b->len, MREMAP_MAYMOVE | MREMAP_FIXED, to);
	if (moved != to) {
		snprintf(b->error, sizeof(b->error),
			 "this kernel cannot move huge-page mappings "
			 "(mremap: %s; Linux 5.16 or later is needed)",
			 strerror(errno));
		munmap(area, span);
		return -1;
	}
	if (to > area)
		munmap(area, (size_t)(to - area));
	munmap(to + b->len, (size_t)(area + span - (to + b->len)));
	b->addr = to;
	return 0;
}

void rt_backing_unmap(struct rt_backing *b)
{
	if (b->addr)
		munmap(b->addr, b->len);
	b->addr = NULL;
}

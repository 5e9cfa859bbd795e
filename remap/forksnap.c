/* SPDX-License-Identifier: MIT */
/*
 * Copies of writable hugetlb ranges for fork(): see "Fork snapshots" in
 * remap.h.  Built like the rest of remap/: raw system calls only, no
 * libc, no stack protector.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "remap/remap.h"

#ifndef MADV_HUGEPAGE
#define MADV_HUGEPAGE 14
#endif
#define RW (PROT_READ | PROT_WRITE)

static int all_zero(const unsigned long *w, size_t n)
{
	for (size_t i = 0; i < n / sizeof(*w); i++)
		if (w[i])
			return 0;
	return 1;
}

/*
 * Whether this process may read a page: a write() of its first byte to
 * a pipe fails with EFAULT where a load would fault (the page is
 * PROT_NONE, or not mapped).  That reads the page as a load does, with
 * no pin (process_vm_readv would take a private page shared with a
 * child away from it).  Without a pipe every page is taken to be
 * readable, as the program mapped it.
 */
struct probe {
	int fd[2];
};

static void probe_open(struct probe *p)
{
	if (raw_syscall6(SYS_pipe2, (long)p->fd, O_CLOEXEC | O_NONBLOCK, 0,
			 0, 0, 0))
		p->fd[0] = p->fd[1] = -1;
}

static void probe_close(struct probe *p)
{
	if (p->fd[0] >= 0) {
		raw_close(p->fd[0]);
		raw_close(p->fd[1]);
	}
}

static int readable(const struct probe *p, uintptr_t addr)
{
	char c;

	if (p->fd[0] < 0)
		return 1;
	if (raw_write(p->fd[1], (const void *)addr, 1) == -EFAULT)
		return 0;
	raw_read(p->fd[0], &c, 1);
	return 1;
}

/*
 * The first write to each block of THP's page size in a snapshot
 * advised for it: a zero to the block's last byte, so that the kernel
 * clears a fresh huge page from its first base page up, the faster
 * order (see loader/backing.c).  A block only partly in the snapshot
 * cannot be a huge page, and gets no such write.
 */
struct first_writes {
	uintptr_t end;		/* the snapshot's end */
	size_t block;		/* THP's page size; 0 where not advised */
	uintptr_t last;		/* the block written last; 0: none yet */
};

static void start_block(struct first_writes *w, uintptr_t at)
{
	uintptr_t block;

	if (!w || !w->block)
		return;
	block = at & ~(uintptr_t)(w->block - 1);
	if (block == w->last)
		return;
	w->last = block;
	if (w->end - block >= w->block)
		*(volatile char *)(block + w->block - 1) = 0;
}

/*
 * Copy the huge page at FROM to TO, which reads as zeros, unless it
 * cannot be read: only its base pages that are not all zeros, so that a
 * copy that writes nothing to a huge page's span takes no memory there
 * (W, when not NULL, adds the first writes above).  Where PROT, the
 * protection the copy will run with, has PROT_EXEC, each base page
 * written is made visible to instruction fetch (raw_sync_icache: arm64
 * does not keep it coherent with stores), as the commit does for the
 * ranges it copies.
 */
static void copy_page(const struct probe *p, char *to, const char *from,
		      size_t page, size_t base, int prot,
		      struct first_writes *w)
{
	if (!readable(p, (uintptr_t)from))
		return;
	for (size_t off = 0; off < page; off += base) {
		if (all_zero((const unsigned long *)(from + off), base))
			continue;
		start_block(w, (uintptr_t)(to + off));
		raw_copy(to + off, from + off, base);
		if (prot & PROT_EXEC)
			raw_sync_icache(to + off, base);
	}
}

/* LEN bytes of fresh anonymous memory with PROT aligned to ALIGN, or 0. */
static uintptr_t map_aligned(size_t len, int prot, size_t align)
{
	long area = raw_mmap(NULL, len + align, prot,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uintptr_t at;

	if (raw_failed(area))
		return 0;
	at = ((uintptr_t)area + align - 1) & ~(uintptr_t)(align - 1);
	if (at > (uintptr_t)area)
		raw_munmap((void *)area, at - (uintptr_t)area);
	raw_munmap((void *)(at + len),
		   (uintptr_t)area + len + align - (at + len));
	return at;
}

uintptr_t remap_snap_make(const struct remap_snap_range *r, size_t base,
		       size_t align, int thp)
{
	uintptr_t snap = map_aligned(r->len, r->prot | RW, align);
	struct first_writes w = { snap + r->len, thp ? align : 0, 0 };
	struct probe p;

	if (!snap)
		return 0;
	if (thp)
		raw_madvise((void *)snap, r->len, MADV_HUGEPAGE);
	probe_open(&p);
	for (size_t off = 0; off < r->len; off += r->page)
		copy_page(&p, (char *)snap + off, (const char *)r->addr + off,
			  r->page, base, r->prot, &w);
	probe_close(&p);
	if ((r->prot & RW) != RW)
		raw_mprotect((void *)snap, r->len, r->prot);
	return snap;
}

void remap_snap_drop(uintptr_t snap, const struct remap_snap_range *r)
{
	raw_munmap((void *)snap, r->len);
}

static long put(uintptr_t snap, uintptr_t addr, size_t len)
{
	long r = raw_mremap((void *)snap, len, MREMAP_MAYMOVE | MREMAP_FIXED,
			    (void *)addr);

	return r == (long)addr ? 0 : raw_failed(r) ? r : -EINVAL;
}

long remap_snap_put(uintptr_t snap, const struct remap_snap_range *r)
{
	return put(snap, r->addr, r->len);
}

/* True when this process has the huge page at ADDR (mincore). */
static int present(uintptr_t addr, size_t base)
{
	unsigned char in = 0;

	return raw_syscall6(SYS_mincore, (long)addr, (long)base, (long)&in,
			    0, 0, 0) == 0 && (in & 1);
}

void remap_snap_presence(const struct remap_snap_range *r, size_t base,
		      unsigned char *had)
{
	for (size_t off = 0; off < r->len; off += r->page)
		had[off / r->page] = (unsigned char)present(r->addr + off,
							    base);
}

/* Move the huge page at OFF of R; 1 when it cannot be had, -1 on failure. */
static long move_page(const struct probe *p, const struct remap_snap_range *r,
		      size_t off, size_t base, uintptr_t from,
		      const unsigned char *had)
{
	long copy = raw_mmap(NULL, r->page, r->prot | RW,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), lost = 0;

	if (raw_failed(copy))
		return -1;
	if (from)
		copy_page(p, (char *)copy, (const char *)(from + off), r->page,
			  base, r->prot, NULL);
	else if (present(r->addr + off, base))
		copy_page(p, (char *)copy, (const char *)(r->addr + off),
			  r->page, base, r->prot, NULL);
	else
		lost = had && had[off / r->page];
	if ((r->prot & RW) != RW)
		raw_mprotect((void *)copy, r->page, r->prot);
	if (put((uintptr_t)copy, r->addr + off, r->page)) {
		raw_munmap((void *)copy, r->page);
		return -1;
	}
	return lost;
}

long remap_snap_move(const struct remap_snap_range *r, size_t base,
		  uintptr_t from, const unsigned char *had)
{
	long lost = 0, one = 0;
	struct probe p;

	probe_open(&p);
	for (size_t off = 0; off < r->len && one >= 0; off += r->page) {
		one = move_page(&p, r, off, base, from, had);
		lost += one > 0;
	}
	probe_close(&p);
	return one < 0 ? -1 : lost;
}

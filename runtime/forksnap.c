/*
 * Copies of writable hugetlb ranges for fork(): see forksnap.h, whose
 * contract (raw system calls only, built without the stack protector)
 * covers everything in this file.
 */
#include <errno.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "runtime/forksnap.h"

#ifndef MADV_HUGEPAGE
#define MADV_HUGEPAGE 14
#endif

static int failed(long r)
{
	return r < 0 && r > -4096;
}

static int all_zero(const unsigned long *w, size_t n)
{
	for (size_t i = 0; i < n / sizeof(*w); i++)
		if (w[i])
			return 0;
	return 1;
}

/*
 * Copy the base pages of [FROM, FROM + LEN) that are not all zeros to
 * TO, which reads as zeros: the others need no write, and a copy that
 * writes nothing to a huge page's span takes no memory there.
 */
static void copy_used(char *to, const char *from, size_t len, size_t base)
{
	for (size_t off = 0; off < len; off += base)
		if (!all_zero((const unsigned long *)(from + off), base))
			raw_copy(to + off, from + off, base);
}

/* LEN bytes of fresh anonymous memory with PROT aligned to ALIGN, or 0. */
static uintptr_t map_aligned(size_t len, int prot, size_t align)
{
	long area = raw_mmap(NULL, len + align, prot,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uintptr_t at;

	if (failed(area))
		return 0;
	at = ((uintptr_t)area + align - 1) & ~(uintptr_t)(align - 1);
	if (at > (uintptr_t)area)
		raw_munmap((void *)area, at - (uintptr_t)area);
	raw_munmap((void *)(at + len), (uintptr_t)area + len + align - (at + len));
	return at;
}

uintptr_t rt_snap_make(uintptr_t addr, size_t len, int prot, size_t align,
		       size_t base, int thp)
{
	uintptr_t snap = map_aligned(len, prot | PROT_READ | PROT_WRITE, align);

	if (!snap)
		return 0;
	if (thp)
		raw_madvise((void *)snap, len, MADV_HUGEPAGE);
	copy_used((char *)snap, (const char *)addr, len, base);
	if ((prot & (PROT_READ | PROT_WRITE)) != (PROT_READ | PROT_WRITE))
		raw_mprotect((void *)snap, len, prot);
	return snap;
}

void rt_snap_drop(uintptr_t snap, size_t len)
{
	raw_munmap((void *)snap, len);
}

long rt_snap_put(uintptr_t snap, uintptr_t addr, size_t len)
{
	long r = raw_mremap((void *)snap, len, MREMAP_MAYMOVE | MREMAP_FIXED,
			    (void *)addr);

	return r == (long)addr ? 0 : failed(r) ? r : -EINVAL;
}

/* True when this process has the huge page at ADDR (mincore). */
static int present(uintptr_t addr, size_t base)
{
	unsigned char in = 0;

	return raw_syscall6(SYS_mincore, (long)addr, (long)base, (long)&in,
			    0, 0, 0) == 0 && (in & 1);
}

void rt_snap_presence(uintptr_t addr, size_t len, size_t page, size_t base,
		      unsigned char *had)
{
	for (size_t off = 0; off < len; off += page)
		had[off / page] = (unsigned char)present(addr + off, base);
}

long rt_snap_move(uintptr_t addr, size_t len, size_t page, size_t base,
		  int prot, uintptr_t from, const unsigned char *had)
{
	long lost = 0;

	for (size_t off = 0; off < len; off += page) {
		long copy = raw_mmap(NULL, page, prot | PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (failed(copy))
			return -1;
		if (from)
			copy_used((char *)copy, (const char *)(from + off), page, base);
		else if (present(addr + off, base))
			copy_used((char *)copy, (const char *)(addr + off), page, base);
		else if (had && had[off / page])
			lost++;
		if ((prot & (PROT_READ | PROT_WRITE)) != (PROT_READ | PROT_WRITE))
			raw_mprotect((void *)copy, page, prot);
		if (rt_snap_put((uintptr_t)copy, addr + off, page)) {
			raw_munmap((void *)copy, page);
			return -1;
		}
	}
	return lost;
}

/* SPDX-License-Identifier: MIT */
/*
 * Transparent huge pages: see thp.h.  madvise goes through the raw
 * system call (arch/raw.h), which also serves advice values older libc
 * headers lack.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch/raw.h"
#include "core/smaps.h"
#include "loader/smaps.h"
#include "loader/thp.h"

static int fail(struct ldr_backing *b, const char *what, int err)
{
	b->err = err;
	snprintf(b->error, sizeof(b->error), "transparent huge pages: %s: %s",
		 what, strerror(err));
	ldr_backing_unmap(b);
	return -1;
}

int ldr_thp_map(struct ldr_backing *b, size_t len, size_t page)
{
	size_t span = len + page;
	char *area, *at;
	int err;

	memset(b, 0, sizeof(*b));
	b->fd = -1;
	b->kind = HL_BACK_THP;
	area = mmap(NULL, span, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		return fail(b, "mmap", errno);
	/* Keep the aligned part: the huge pages need aligned addresses. */
	at = (char *)(((uintptr_t)area + page - 1) & ~(uintptr_t)(page - 1));
	if (at > area)
		munmap(area, (size_t)(at - area));
	munmap(at + len, (size_t)(area + span - (at + len)));
	b->addr = at;
	b->len = len;
	b->page = page;
	err = (int)-raw_madvise(at, len, MADV_HUGEPAGE);
	if (err)
		return fail(b, "MADV_HUGEPAGE", err);
	return 0;
}

int ldr_thp_collapse(struct ldr_backing *b)
{
	int tries = 2;
	long r;

	while ((r = raw_madvise(b->addr, b->len, MADV_COLLAPSE))) {
		if (r == -EINVAL)
			return 0;
		if (r != -EAGAIN || !--tries)
			return fail(b, "MADV_COLLAPSE", (int)-r);
	}
	return 0;
}

int ldr_thp_measure(const struct ldr_thp_range *r, int n, uint64_t *huge)
{
	struct ldr_smaps s;
	struct hl_smaps_map m;
	char *cur;

	for (int i = 0; i < n; i++)
		huge[i] = 0;
	if (ldr_smaps_read(&s))
		return -1;
	cur = s.text;
	while (hl_smaps_next(&cur, &m) == 1)
		for (int i = 0; i < n; i++)
			huge[i] += hl_smaps_anon_huge_within(&m, r[i].lo,
							     r[i].hi);
	ldr_smaps_free(&s);
	return 0;
}

int ldr_thp_check(struct ldr_backing *b)
{
	struct ldr_thp_range r = {
		(uintptr_t)b->addr, (uintptr_t)b->addr + b->len
	};
	uint64_t huge;

	if (ldr_thp_measure(&r, 1, &huge))
		return fail(b, "cannot read /proc/self/smaps to check them",
			    EIO);
	if (huge >= b->len)
		return 0;
	b->err = ENOMEM;
	snprintf(b->error, sizeof(b->error), "transparent huge pages: the "
		 "kernel backed %llu of %zu kB with base pages "
		 "(AnonHugePages in /proc/self/smaps)",
		 (unsigned long long)(b->len - huge) >> 10,
		 b->len >> 10);
	ldr_backing_unmap(b);
	return -1;
}

void ldr_thp_refuse(struct ldr_backing *b)
{
	raw_madvise(b->addr, b->len, MADV_NOHUGEPAGE);
}

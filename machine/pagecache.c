/* SPDX-License-Identifier: MIT */
/*
 * The page cache's huge folios, through a mapping: see pagecache.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/filetext.h"
#include "core/smaps.h"
#include "machine/pagecache.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

/* /proc/self/smaps whole, NUL-terminated, in *TEXT (free it). */
static int read_smaps(char **text)
{
	int fd = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC);
	size_t len = 0, cap = 1 << 16;
	char *buf = malloc(cap), *more;
	ssize_t got = 0;

	if (fd < 0 || !buf)
		goto fail;
	for (;;) {
		if (len + 1 == cap) {
			more = realloc(buf, cap *= 2);
			if (!more)
				goto fail;
			buf = more;
		}
		got = read(fd, buf + len, cap - 1 - len);
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	if (got < 0)
		goto fail;
	close(fd);
	buf[len] = '\0';
	*text = buf;
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	free(buf);
	return -1;
}

/* FilePmdMapped of the mapping that starts at AT. */
static int pmd_mapped(uintptr_t at, uint64_t *pmd)
{
	struct hl_smaps_map m;
	char *text, *cur;

	if (read_smaps(&text))
		return -1;
	*pmd = 0;
	cur = text;
	while (hl_smaps_next(&cur, &m) == 1)
		if (m.line.start == at)
			*pmd = m.file_pmd;
	free(text);
	return 0;
}

int mach_pagecache_huge(int fd, uint64_t off, size_t len, size_t page,
			uint64_t *pmd, const char **what)
{
	char *area, *at;
	int err = 0;

	*pmd = 0;
	*what = "mmap";
	area = mmap(NULL, len + page, PROT_NONE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (area == MAP_FAILED)
		return -errno;
	at = (char *)(((uintptr_t)area + page - 1) & ~(uintptr_t)(page - 1));
	if (mmap(at, len, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd,
		 (off_t)off) == MAP_FAILED)
		err = -errno;
	else if (*what = "madvise(MADV_HUGEPAGE)",
		 madvise(at, len, MADV_HUGEPAGE))
		err = -errno;
	else if (*what = "madvise(MADV_POPULATE_READ)",
		 madvise(at, len, MADV_POPULATE_READ))
		err = -errno;
	if (!err) {
		madvise(at, len, MADV_COLLAPSE);
		*what = "/proc/self/smaps";
		if (pmd_mapped((uintptr_t)at, pmd))
			err = -EIO;
	}
	munmap(area, len + page);
	return err;
}

void mach_pagecache_prime(int fd, const struct hl_phdr *ph, size_t phnum,
			  size_t page, struct mach_primed *p)
{
	p->whole = p->pmd = 0;
	p->err = 0;
	p->what = NULL;
	p->sync_err = fsync(fd) ? errno : 0;
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	for (size_t i = 0; i < phnum; i++) {
		struct hl_filetext ft;
		uint64_t pmd;
		const char *what;
		int r;

		hl_filetext_span(&ph[i], page, &ft);
		if (ft.end <= ft.start || !ft.congruent)
			continue;
		p->whole += ft.end - ft.start;
		r = mach_pagecache_huge(fd, ph[i].offset + (ft.start - ph[i].vaddr),
					ft.end - ft.start, page, &pmd, &what);
		if (r && !p->err) {
			p->err = -r;
			p->what = what;
		}
		p->pmd += r ? 0 : pmd;
	}
}

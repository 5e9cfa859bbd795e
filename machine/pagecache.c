/* SPDX-License-Identifier: MIT */
/*
 * The page cache's huge folios, through a mapping: see pagecache.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/filetext.h"
#include "core/smaps.h"
#include "machine/fstype.h"
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

/*
 * FilePmdMapped of the N mappings that start at AT, AT + STRIDE, ...,
 * into PMD[] (0 for one smaps does not show), from one reading.
 */
static int pmd_mapped(uintptr_t at, size_t n, size_t stride, uint64_t *pmd)
{
	struct hl_smaps_map m;
	char *text, *cur;

	if (read_smaps(&text))
		return -1;
	memset(pmd, 0, n * sizeof(*pmd));
	cur = text;
	while (hl_smaps_next(&cur, &m) == 1)
		if (m.line.start >= at && (m.line.start - at) % stride == 0 &&
		    (m.line.start - at) / stride < n)
			pmd[(m.line.start - at) / stride] = m.file_pmd;
	free(text);
	return 0;
}

/* After a call that failed: *ERR its errno, negated, and the LEN + PAGE
 * bytes at AREA unmapped; returns NULL. */
static char *failed(char *area, size_t len, size_t page, int *err)
{
	*err = -errno;
	munmap(area, len + page);
	return NULL;
}

/*
 * Map LEN bytes of FD at OFF read-only and private at an address aligned
 * to PAGE, inside a reservation of LEN + PAGE bytes at *AREA, advised
 * MADV_HUGEPAGE.  Returns the mapping, or NULL with *ERR and *WHAT set.
 */
static char *map_aligned(int fd, uint64_t off, size_t len, size_t page,
			 char **area, int *err, const char **what)
{
	char *at;

	*what = "mmap";
	*area = mmap(NULL, len + page, PROT_NONE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (*area == MAP_FAILED) {
		*err = -errno;
		return NULL;
	}
	at = (char *)(((uintptr_t)*area + page - 1) & ~(uintptr_t)(page - 1));
	if (mmap(at, len, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd,
		 (off_t)off) == MAP_FAILED ||
	    (*what = "madvise(MADV_HUGEPAGE)", madvise(at, len, MADV_HUGEPAGE)))
		return failed(*area, len, page, err);
	return at;
}

/* *PMD from smaps for the mapping at AT; unmap AREA. */
static int measure_unmap(char *area, char *at, size_t len, size_t page,
			 uint64_t *pmd, const char **what)
{
	int err = 0;

	*what = "/proc/self/smaps";
	if (pmd_mapped((uintptr_t)at, 1, page, pmd))
		err = -EIO;
	munmap(area, len + page);
	return err;
}

int mach_pagecache_huge(int fd, uint64_t off, size_t len, size_t page,
			uint64_t *pmd, const char **what)
{
	char *area, *at;
	int err = 0;

	*pmd = 0;
	at = map_aligned(fd, off, len, page, &area, &err, what);
	if (!at)
		return err;
	/*
	 * Each fault reads its own huge page and no further: one a process
	 * still maps part of in small folios would otherwise have the
	 * next read in small ones with it, the kernel's huge-page readahead
	 * reading two at once.
	 */
	if (*what = "madvise(MADV_RANDOM)", madvise(at, len, MADV_RANDOM) ||
	    (*what = "madvise(MADV_POPULATE_READ)",
	    madvise(at, len, MADV_POPULATE_READ))) {
		failed(area, len, page, &err);
		return err;
	}
	madvise(at, len, MADV_COLLAPSE);
	return measure_unmap(area, at, len, page, pmd, what);
}

/*
 * Whether mincore(2) shows this process FD's page cache: Linux shows it
 * to the file's owner, to a process that may write the file, and to root
 * (CAP_FOWNER); to any other, only the pages it has mapped itself.
 */
static bool cache_visible(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		return false;
	return geteuid() == 0 || geteuid() == st.st_uid ||
	       !faccessat(fd, "", W_OK, AT_EMPTY_PATH | AT_EACCESS);
}

/* Whether mincore says the page cache holds every base page of
 * [AT, AT + PAGE). */
static bool held_whole(char *at, size_t page, unsigned char *vec,
		       size_t base)
{
	if (mincore(at, page, vec))
		return false;
	for (size_t i = 0; i < page / base; i++)
		if (!(vec[i] & 1))
			return false;
	return true;
}

int mach_pagecache_held(int fd, uint64_t off, size_t len, size_t page,
			struct mach_held *h, const char **what)
{
	size_t base = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *vec;
	char *area, *at;
	int err = 0;

	h->pmd = h->held = 0;
	*what = "mincore";
	if (!cache_visible(fd))
		return -EACCES;
	vec = malloc(page / base);
	if (!vec)
		return -ENOMEM;
	at = map_aligned(fd, off, len, page, &area, &err, what);
	if (at && (*what = "madvise(MADV_RANDOM)",
		   madvise(at, len, MADV_RANDOM)))
		at = failed(area, len, page, &err);
	for (size_t p = 0; at && p < len; p += page) {
		if (!held_whole(at + p, page, vec, base))
			continue;
		h->held += page;
		if (*what = "madvise(MADV_POPULATE_READ)",
		    madvise(at + p, page, MADV_POPULATE_READ))
			at = failed(area, len, page, &err);
	}
	free(vec);
	return at ? measure_unmap(area, at, len, page, &h->pmd, what) : err;
}

/*
 * Map each of the N huge pages of FD from OFF by itself at AT + I *
 * 2 PAGE, apart from the others so that smaps tells them apart, advised
 * MADV_HUGEPAGE and MADV_RANDOM, and populate the first base page of
 * each that mincore(2) shows whole in the page cache: that maps the
 * whole huge page with a PMD where its folio is huge, and reads
 * nothing.  To a process it does not show the page cache
 * (cache_visible), mincore shows every page as held: each is then
 * populated, and one not held is read in, in a huge folio where none
 * of it was cached.
 */
static int map_each(int fd, uint64_t off, size_t n, size_t page, char *at)
{
	size_t base = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *vec = malloc(page / base);
	int r = vec ? 0 : -1;

	for (size_t i = 0; !r && i < n; i++) {
		char *p = at + i * 2 * page;

		if (mmap(p, page, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd,
			 (off_t)(off + i * page)) == MAP_FAILED ||
		    madvise(p, page, MADV_HUGEPAGE) ||
		    madvise(p, page, MADV_RANDOM) ||
		    (held_whole(p, page, vec, base) &&
		     madvise(p, base, MADV_POPULATE_READ)))
			r = -1;
	}
	free(vec);
	return r;
}

/*
 * The FilePmdMapped of each of the N huge pages of FD from OFF, in
 * PMD[], through map_each's mappings: PAGE where the page cache holds
 * it in a huge folio now.  -1 where this cannot be told.
 */
static int pmd_now(int fd, uint64_t off, size_t n, size_t page,
		   uint64_t *pmd)
{
	size_t room = n * 2 * page + page;
	char *area, *at;
	int r;

	area = mmap(NULL, room, PROT_NONE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (area == MAP_FAILED)
		return -1;
	at = (char *)(((uintptr_t)area + page - 1) & ~(uintptr_t)(page - 1));
	r = map_each(fd, off, n, page, at) ||
	    pmd_mapped((uintptr_t)at, n, 2 * page, pmd) ? -1 : 0;
	munmap(area, room);
	return r;
}

/*
 * Drop the clean pages of LEN bytes of FD at OFF (multiples of PAGE)
 * that no process maps (POSIX_FADV_DONTNEED, which cannot drop a page a
 * process maps), but for its huge pages held in huge folios already
 * (pmd_now): priming would read those again for nothing.  All of it
 * where that cannot be told.  Each run of huge pages to drop takes one
 * call.
 */
static void drop_small(int fd, uint64_t off, size_t len, size_t page)
{
	size_t n = len / page, i = 0, run;
	uint64_t *pmd = malloc(n * sizeof(*pmd));

	if (!pmd || pmd_now(fd, off, n, page, pmd)) {
		posix_fadvise(fd, (off_t)off, (off_t)len, POSIX_FADV_DONTNEED);
		free(pmd);
		return;
	}
	while (i < n) {
		for (run = 0; i + run < n && pmd[i + run] < page; run++)
			;
		if (run)
			posix_fadvise(fd, (off_t)(off + i * page),
				      (off_t)(run * page), POSIX_FADV_DONTNEED);
		i += run ? run : 1;
	}
	free(pmd);
}

/*
 * Write FD's file back, so that its clean pages can be dropped: 0, or
 * the errno.  fsync(2) fails with EINVAL on a file system without an
 * fsync of its own, such as the read-only erofs and squashfs, which hold
 * nothing to write back.  On overlayfs, fsync writes back a file of the
 * upper layer only, and a lower layer's file just written (an image just
 * unpacked) keeps its dirty pages; syncing the file system writes back
 * the upper layer's file system, and with it the lower layers that lie
 * on it, as container engines lay them out.
 */
static int write_back(int fd)
{
	if (fsync(fd) && errno != EINVAL)
		return errno;
	if (mach_fstype_overlay(fd) && syncfs(fd))
		return errno;
	return 0;
}

/*
 * Fault in the BYTES at AT, a file mapping's, with MADV_POPULATE_READ,
 * which takes the same fault a read does but reports a page past the
 * end of the file (one another user cut the file short since it was
 * mapped) with EFAULT where a read raises SIGBUS.  Where the kernel
 * lacks it (before Linux 5.14), the first byte is read.  Returns 0, or
 * -1 when the pages cannot be read.
 */
static int fault_in(char *at, size_t bytes)
{
	if (!madvise(at, bytes, MADV_POPULATE_READ))
		return 0;
	if (errno != EINVAL)
		return -1;
	(void)*(volatile const char *)at;
	return 0;
}

/*
 * Fault each huge page of LEN bytes of FD at OFF once, through a mapping
 * with no advice.  Reading a huge page back under MADV_HUGEPAGE leaves
 * the kernel's read-ahead mark on its folio (Linux 6.18 does), and a
 * program's first fault on a marked folio starts an asynchronous
 * read-ahead, drops the mmap lock and is retried: the kernel counts it
 * as a major fault, and the read-ahead may read blocks past it, the two
 * signs by which the runtime's start tells that it read its text from
 * the file.  That fault here, where MADV_RANDOM does not keep it from
 * reading ahead, clears the mark.
 * The read-ahead it starts finds the next huge pages in the page cache
 * already; past the last of them it reads what the page cache lacks, as
 * the program's first fault there would have.
 */
static void clear_readahead_marks(int fd, uint64_t off, size_t len,
				  size_t page)
{
	char *at = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, (off_t)off);
	size_t base = (size_t)sysconf(_SC_PAGESIZE);

	if (at == MAP_FAILED)
		return;
	for (size_t i = 0; i < len; i += page)
		if (fault_in(at + i, base))
			break;
	munmap(at, len);
}

void mach_pagecache_prime(int fd, const struct hl_phdr *ph, size_t phnum,
			  size_t page, struct mach_primed *p)
{
	uint64_t primed_off[HL_MAX_SEGS];
	size_t primed_len[HL_MAX_SEGS], n = 0;

	p->whole = p->pmd = 0;
	p->err = 0;
	p->what = NULL;
	p->sync_err = write_back(fd);
	for (size_t i = 0; i < phnum; i++) {
		struct hl_filetext ft;
		uint64_t pmd;
		size_t len;
		const char *what;
		int r;

		hl_filetext_span(&ph[i], page, &ft);
		if (ft.end <= ft.start || !ft.congruent)
			continue;
		len = ft.end - ft.start;
		p->whole += len;
		drop_small(fd, ft.file_start, len, page);
		r = mach_pagecache_huge(fd, ft.file_start, len, page, &pmd,
					&what);
		if (r && !p->err) {
			p->err = -r;
			p->what = what;
		}
		p->pmd += r ? 0 : pmd;
		if (!r && n < HL_MAX_SEGS) {
			primed_off[n] = ft.file_start;
			primed_len[n++] = len;
		}
	}
	/* After every segment read back: the read-ahead that clearing starts
	 * past a segment's end would read the next one's first pages before
	 * it was primed. */
	for (size_t i = 0; i < n; i++)
		clear_readahead_marks(fd, primed_off[i], primed_len[i], page);
}

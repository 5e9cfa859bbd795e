/* SPDX-License-Identifier: MIT */
/*
 * hugectl --prime: see prime.h.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/filetext.h"
#include "elf/file.h"
#include "machine/fstype.h"
#include "machine/pagecache.h"
#include "tools/common/escape.h"
#include "tools/hugectl/prime.h"

struct primed {
	uint64_t whole;		/* bytes of whole huge pages in congruent
				   read-only segments */
	uint64_t pmd;		/* ... held in huge folios now */
	int err;		/* the first failure, or 0 */
	const char *what;	/* ... its call */
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Read each congruent read-only segment of F back in huge folios. */
static void read_back(const struct el_file *f, int fd, size_t page,
		      struct primed *p)
{
	for (size_t i = 0; i < f->eh.phnum; i++) {
		const struct hl_phdr *ph = &f->ph[i];
		struct hl_filetext ft;
		uint64_t pmd;
		const char *what;
		int r;

		hl_filetext_span(ph, page, &ft);
		if (ft.end <= ft.start || !ft.congruent)
			continue;
		p->whole += ft.end - ft.start;
		r = mach_pagecache_huge(fd, ph->offset + (ft.start - ph->vaddr),
					ft.end - ft.start, page, &pmd, &what);
		if (r && !p->err) {
			p->err = -r;
			p->what = what;
		}
		p->pmd += r ? 0 : pmd;
	}
}

/* Why nothing of FD's segments could be had in huge folios. */
static void say_why(const char *name, int fd, const struct primed *p)
{
	const char *fs = mach_fstype_of_fd(fd);

	if (!p->whole)
		warnx("%s: no read-only segment holds a whole huge page at a "
		      "file offset congruent to its address (relink with "
		      "hugetlbfs-ld --hugetlbfs-align)", name);
	else if (p->err)
		warnx("%s: %s: %s", name, p->what, strerror(p->err));
	else if (fs)
		warnx("%s: on %s, whose page cache holds no huge folios for "
		      "it", name, fs);
	else
		warnx("%s: the page cache holds none of it in huge folios: "
		      "processes that map its pages keep them as they are, "
		      "and a file system without large folios (ext2, vfat) "
		      "never has any", name);
}

static int prime_one(FILE *out, const char *path, size_t page)
{
	char shown[TL_ESCAPED_LEN(4096)];
	const char *name = tl_escape(path, shown, sizeof(shown));
	struct primed p = { 0, 0, 0, NULL };
	struct el_file f;
	struct stat st;
	double t0 = now_ms();
	int fd, rc = -1;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		warn("%s", name);
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		warnx("%s: not a regular file", name);
		goto out;
	}
	if (el_open_fd(&f, name, fd) == 0) {
		/* Dirty pages cannot be dropped: write them back first. */
		if (fsync(fd))
			warn("%s: fsync", name);
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		read_back(&f, fd, page, &p);
		if (p.pmd) {
			fprintf(out, "%s: %llu of %llu MiB in huge folios "
				"(%.1f ms)\n", name,
				(unsigned long long)(p.pmd >> 20),
				(unsigned long long)(p.whole >> 20),
				now_ms() - t0);
			rc = 0;
		} else
			say_why(name, fd, &p);
	}
	el_close(&f);
out:
	close(fd);
	return rc;
}

int ctl_prime(FILE *out, char *const *files, size_t page)
{
	int rc = 0;

	for (; *files; files++)
		if (prime_one(out, *files, page))
			rc = -1;
	return fflush(out) ? -1 : rc;
}

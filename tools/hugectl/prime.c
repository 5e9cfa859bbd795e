/* SPDX-License-Identifier: MIT */
/*
 * hugectl --prime: see prime.h.
 */
#include <err.h>
#include <string.h>
#include <time.h>

#include "core/filetext.h"
#include "core/size.h"
#include "elf/file.h"
#include "machine/fstype.h"
#include "machine/pagecache.h"
#include "tools/common/escape.h"
#include "tools/hugectl/prime.h"
#include "tools/hugectl/words.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The index of F's read-only PT_LOAD with the most file bytes, or -1. */
static int largest_read_only(const struct el_file *f)
{
	int best = -1;

	for (int i = 0; i < f->eh.phnum; i++)
		if (f->ph[i].type == PT_LOAD && !(f->ph[i].flags & PF_W) &&
		    (best < 0 || f->ph[i].filesz > f->ph[best].filesz))
			best = i;
	return best;
}

/*
 * Why F holds no whole huge page of PAGE bytes in a congruent read-only
 * segment: its layout, which relinking changes, or its size, which it
 * does not (the wrapper starts a segment on a huge page, so one with a
 * whole page of file bytes gets one).
 */
static void say_not_whole(const char *name, const struct el_file *f,
			  size_t page)
{
	int big = largest_read_only(f);
	char size[32], bytes[32];

	hl_format_size(page, size, sizeof(size));
	if (big < 0)
		warnx("%s: nothing to prime: it has no read-only segment",
		      name);
	else if (f->ph[big].filesz >= page ||
		 hl_filetext_needs_layout(f->ph, f->eh.phnum, page))
		warnx("%s: no read-only segment holds a whole huge page at a "
		      "file offset congruent to its address (relink with "
		      "hugetlbfs-ld --hugetlbfs-align)", name);
	else
		warnx("%s: nothing to prime: no read-only segment holds a "
		      "whole %s page of file bytes (the largest, segment %d, "
		      "holds %s)", name, size, big,
		      ctl_bytes_text(f->ph[big].filesz, bytes, sizeof(bytes)));
}

/* Why nothing of F's segments could be had in huge folios. */
static void say_why(const char *name, const struct el_file *f, size_t page,
		    const struct mach_primed *p)
{
	const char *fs = mach_fstype_of_fd(f->fd);

	if (!p->whole)
		say_not_whole(name, f, page);
	else if (p->err)
		warnx("%s: %s: %s", name, p->what, strerror(p->err));
	else if (fs)
		warnx("%s: on %s, whose page cache holds no huge folios for "
		      "it", name, fs);
	else
		warnx("%s: the page cache holds none of it in huge folios: "
		      "processes that map its pages keep them as they are, "
		      "and a file system without large folios (btrfs and "
		      "squashfs on Linux 6.18) never has any", name);
}

static int prime_one(FILE *out, const char *path, size_t page)
{
	char shown[TL_ESCAPED_LEN(4096)];
	const char *name = tl_escape(path, shown, sizeof(shown));
	struct mach_primed p;
	struct el_file f;
	double t0 = now_ms();
	int rc = -1;

	if (el_open_as(&f, path, name) == 0) {
		mach_pagecache_prime(f.fd, f.ph, f.eh.phnum, page, &p);
		if (p.sync_err)
			warnx("%s: writing it back: %s", name,
			      strerror(p.sync_err));
		if (p.pmd) {
			fprintf(out, "%s: %llu of %llu MiB in huge folios "
				"(%.1f ms)\n", name,
				(unsigned long long)(p.pmd >> 20),
				(unsigned long long)(p.whole >> 20),
				now_ms() - t0);
			rc = 0;
		} else
			say_why(name, &f, page, &p);
	}
	el_close(&f);
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

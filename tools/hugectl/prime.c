/* SPDX-License-Identifier: MIT */
/*
 * hugectl --prime: see prime.h.
 */
#include <err.h>
#include <string.h>
#include <time.h>

#include "elf/file.h"
#include "machine/fstype.h"
#include "machine/pagecache.h"
#include "tools/common/escape.h"
#include "tools/hugectl/prime.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Why nothing of FD's segments could be had in huge folios. */
static void say_why(const char *name, int fd, const struct mach_primed *p)
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
			say_why(name, f.fd, &p);
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

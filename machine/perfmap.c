/* SPDX-License-Identifier: MIT */
/*
 * Writing /tmp/perf-<pid>.map: see perfmap.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/elfsym.h"
#include "machine/perfmap.h"

/* Whether function F, loaded at BIAS, meets one of the ranges. */
static int meets(const struct hl_elf_func *f, uintptr_t bias,
		 const struct mach_text_range *r, size_t n)
{
	uintptr_t lo = bias + (uintptr_t)f->value, hi = lo + (uintptr_t)f->size;

	for (size_t i = 0; i < n; i++)
		if (lo < r[i].hi && hi > r[i].lo)
			return 1;
	return 0;
}

/* The lines, into OUT (which is closed); the count, or -1 on error. */
static long put_lines(FILE *out, struct hl_elf_syms *s, uintptr_t bias,
		      const struct mach_text_range *r, size_t n)
{
	struct hl_elf_func f;
	long count = 0;

	while (hl_elf_syms_next(s, &f))
		if (meets(&f, bias, r, n)) {
			fprintf(out, "%lx %lx %s\n",
				(unsigned long)(bias + (uintptr_t)f.value),
				(unsigned long)f.size, f.name);
			count++;
		}
	if (ferror(out) | fclose(out))
		return -1;
	return count;
}

/* Write the lines into FD, which this takes over. */
static long write_fd(int fd, struct hl_elf_syms *s, uintptr_t bias,
		     const struct mach_text_range *r, size_t n)
{
	FILE *out = fdopen(fd, "w");

	if (!out) {
		close(fd);
		return -1;
	}
	return put_lines(out, s, bias, r, n);
}

/*
 * PATH exists: replace it if it is a regular file of ours, by a
 * temporary renamed over it (rename replaces the name, never follows
 * it).  In /tmp, which is sticky, nobody else may rename over our file.
 */
static long replace(const char *path, struct hl_elf_syms *s, uintptr_t bias,
		    const struct mach_text_range *r, size_t n, char *err,
		    size_t errlen)
{
	char tmp[96];
	struct stat st;
	long count;
	int fd;

	if (lstat(path, &st) || !S_ISREG(st.st_mode) ||
	    st.st_uid != geteuid()) {
		snprintf(err, errlen, "%s exists and is not a file of ours: "
			 "left alone", path);
		return -1;
	}
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0 || fchmod(fd, 0600)) {
		snprintf(err, errlen, "a temporary file for %s: %s", path,
			 strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return -1;
	}
	count = write_fd(fd, s, bias, r, n);
	if (count < 0 || rename(tmp, path)) {
		snprintf(err, errlen, "writing %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return count;
}

long mach_perf_map_write(pid_t pid, const void *image, size_t len,
			 uintptr_t bias, const struct mach_text_range *r,
			 size_t n, char *err, size_t errlen)
{
	struct hl_elf_syms s;
	char path[64];
	long count;
	int fd;

	if (hl_elf_syms_open(&s, image, len)) {
		snprintf(err, errlen, "the program file's symbols: %s",
			 s.error);
		return -1;
	}
	mach_perf_map_path(pid, path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0 && errno == EEXIST)
		return replace(path, &s, bias, r, n, err, errlen);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	count = write_fd(fd, &s, bias, r, n);
	if (count < 0) {
		snprintf(err, errlen, "writing %s: %s", path, strerror(errno));
		unlink(path);
	}
	return count;
}

/* The decimal digits of N at the end of BUF, whose end is END; returns
 * where they start. */
static char *put_decimal(char *end, unsigned long n)
{
	do
		*--end = (char)('0' + n % 10);
	while (n /= 10);
	return end;
}

/* PREFIX, N in decimal and SUFFIX, in BUF. */
static void name_with(char *buf, const char *prefix, unsigned long n,
		      const char *suffix)
{
	char digits[24];
	const char *d = put_decimal(digits + sizeof(digits), n);
	size_t len = strlen(prefix);

	memcpy(buf, prefix, len);
	memcpy(buf + len, d, (size_t)(digits + sizeof(digits) - d));
	len += (size_t)(digits + sizeof(digits) - d);
	strcpy(buf + len, suffix);
}

void mach_perf_map_path(pid_t pid, char *buf)
{
	name_with(buf, "/tmp/perf-", (unsigned long)pid, ".map");
}

/* Copy the file open on IN, to its end, into OUT. */
static int copy_fd(int in, int out)
{
	struct stat st;
	off_t at = 0;

	if (fstat(in, &st))
		return -1;
	while (at < st.st_size) {
		ssize_t n = sendfile(out, in, &at, (size_t)(st.st_size - at));

		if (n <= 0)
			return -1;
	}
	return 0;
}

/* Create PATH, mode 0600, where nothing is, and copy IN into it. */
static int copy_new(int in, const char *path)
{
	int out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		       O_CLOEXEC, 0600);
	int rc;

	if (out < 0)
		return -1;
	rc = copy_fd(in, out);
	if (close(out) || rc) {
		unlink(path);
		return -1;
	}
	return 0;
}

int mach_perf_map_copy(const char *from, pid_t pid)
{
	char path[32], tmp[48];
	struct stat st;
	int in = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), rc = -1;

	if (in < 0)
		return -1;
	mach_perf_map_path(pid, path);
	if (!copy_new(in, path)) {
		rc = 0;
	} else if (errno == EEXIST && !lstat(path, &st) &&
		   S_ISREG(st.st_mode) && st.st_uid == geteuid()) {
		name_with(tmp, "/tmp/perf-", (unsigned long)pid, ".map.fork");
		if (!copy_new(in, tmp)) {
			rc = rename(tmp, path) ? -1 : 0;
			if (rc)
				unlink(tmp);
		}
	}
	close(in);
	return rc;
}

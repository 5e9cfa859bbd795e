/* SPDX-License-Identifier: MIT */
/*
 * ldr_share_file: a range whose huge page size is not the share
 * directory's is never looked for nor made there, and says why; a range
 * of the directory's size is.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <errno.h>

#include "loader/share.h"

#define MIB ((size_t)1 << 20)

/* The files the share directory was asked for: none exist. */
static int opened;

int __wrap_openat(int dirfd, const char *path, int flags, ...);
int __wrap_openat(int dirfd, const char *path, int flags, ...)
{
	(void)dirfd;
	(void)path;
	(void)flags;
	opened++;
	errno = EACCES;
	return -1;
}

static const struct hl_phdr text = { 1, 5, 0, 0, 0x300000, 0x300000,
				     2 * MIB };

/* A context for a directory of DIR_PAGE pages, and a range of text of
 * PAGE pages, for ldr_share_file. */
static int share(size_t dir_page, size_t page, char *err, size_t errlen)
{
	struct ldr_share_ctx ctx;
	struct ldr_share_range r;
	bool made = true;
	int fd;

	memset(&ctx, 0, sizeof(ctx));
	ctx.dirfd = -1;
	ctx.page = dir_page;
	ctx.no_hugetlbfs = true;
	snprintf(ctx.exe, sizeof(ctx.exe), "/usr/bin/prog");
	memset(&r, 0, sizeof(r));
	r.phdr = 3;
	r.ph = &text;
	r.page = page;
	r.lo = 0x40000000;
	r.hi = r.lo + 4 * MIB;
	opened = 0;
	fd = ldr_share_file(&ctx, &r, &made, err, errlen);
	assert_false(made);
	assert_false(ctx.no_hugetlbfs);
	return fd;
}

static void test_ldr_share_file_other_page_size(void **state)
{
	char err[400];

	(void)state;
	assert_int_equal(share(1024 * MIB, 2 * MIB, err, sizeof(err)), -1);
	assert_int_equal(opened, 0);
	assert_string_equal(err, "read-only segments on 2048 kB pages are not "
			    "shared: the share directory is for 1048576 kB "
			    "ones, those of the largest read-only segment");
	assert_int_equal(share(2 * MIB, 1024 * MIB, err, sizeof(err)), -1);
	assert_int_equal(opened, 0);
	assert_non_null(strstr(err, "1048576 kB pages are not shared"));
}

static void test_ldr_share_file_same_page_size(void **state)
{
	char err[400];

	(void)state;
	assert_int_equal(share(2 * MIB, 2 * MIB, err, sizeof(err)), -1);
	assert_int_equal(opened, 1);
	assert_null(strstr(err, "not shared"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ldr_share_file_other_page_size),
		cmocka_unit_test(test_ldr_share_file_same_page_size),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/*
 * mach_thp_setting and mach_thp_read: whether THP is usable, from an
 * "enabled" file as sysfs writes it, in a directory made for the test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine/thp.h"

static char dir[64];

static void put(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	char sub[96];

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/hugelink-thp-test.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(sub, sizeof(sub), "%s/hugepages-2048kB", dir);
	mkdir(sub, 0700);
	put("hpage_pmd_size", "2097152\n");
	put("hugepages-2048kB/enabled", "always [inherit] madvise never\n");
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void test_mach_thp_setting(void **state)
{
	char out[16];

	(void)state;
	assert_int_equal(mach_thp_setting("always [madvise] never\n", out,
					  sizeof(out)), 0);
	assert_string_equal(out, "madvise");
	assert_int_equal(mach_thp_setting("[never]", out, sizeof(out)), 0);
	assert_string_equal(out, "never");
	assert_int_equal(mach_thp_setting("always madvise never", out,
					  sizeof(out)), -1);
	assert_int_equal(mach_thp_setting("[]", out, sizeof(out)), -1);
	assert_int_equal(mach_thp_setting("[a-very-long-word]", out, 4), -1);
}

static void test_mach_thp_read_settings(void **state)
{
	struct mach_thp t;

	(void)state;
	put("enabled", "always [madvise] never\n");
	mach_thp_read(&t, dir, true);
	assert_int_equal(t.page, 2u << 20);
	put("enabled", "[always] madvise never\n");
	mach_thp_read(&t, dir, true);
	assert_int_equal(t.page, 2u << 20);
	put("enabled", "always madvise [never]\n");
	mach_thp_read(&t, dir, true);
	assert_int_equal(t.page, 0);
	assert_non_null(strstr(t.why, "[never]"));
	/* The PMD size's own setting wins over the system's. */
	put("hugepages-2048kB/enabled", "always inherit [madvise] never\n");
	mach_thp_read(&t, dir, true);
	assert_int_equal(t.page, 2u << 20);
	put("enabled", "always [madvise] never\n");
	put("hugepages-2048kB/enabled", "always inherit madvise [never]\n");
	mach_thp_read(&t, dir, true);
	assert_int_equal(t.page, 0);
	put("hugepages-2048kB/enabled", "always [inherit] madvise never\n");
}

static void test_mach_thp_read_missing(void **state)
{
	struct mach_thp t;

	(void)state;
	mach_thp_read(&t, "/nonexistent/transparent_hugepage", true);
	assert_int_equal(t.page, 0);
	assert_non_null(strstr(t.why, "no transparent huge pages"));
}

static void test_mach_thp_read_process_disabled(void **state)
{
	struct mach_thp t;

	(void)state;
	put("enabled", "always [madvise] never\n");
	mach_thp_read(&t, dir, false);
	assert_int_equal(t.page, 0);
	assert_non_null(strstr(t.why, "PR_SET_THP_DISABLE"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_thp_setting),
		cmocka_unit_test(test_mach_thp_read_settings),
		cmocka_unit_test(test_mach_thp_read_missing),
		cmocka_unit_test(test_mach_thp_read_process_disabled),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

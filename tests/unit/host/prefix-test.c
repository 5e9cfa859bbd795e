#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/prefix.h"

/* host_prefix_cut on a copy of PATH; RC and WANT are what it must give. */
static void cut(const char *path, int rc, const char *want)
{
	char buf[PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", path);
	assert_int_equal(host_prefix_cut(buf), rc);
	assert_string_equal(buf, want);
}

static void test_host_prefix_cut_drops_bin_and_name(void **state)
{
	(void)state;
	cut("/usr/local/bin/hugectl", 0, "/usr/local");
	cut("/opt/hl/bin/hugetlbfs-ld", 0, "/opt/hl");
	cut("/a/b/c/d", 0, "/a/b");
}

static void test_host_prefix_cut_root_prefix(void **state)
{
	(void)state;
	cut("/bin/hugectl", 0, "");
}

static void test_host_prefix_cut_refuses_short_paths(void **state)
{
	(void)state;
	cut("/hugectl", -1, "/hugectl");
	cut("hugectl", -1, "hugectl");
	cut("", -1, "");
}

/* This test is <prefix>/host/prefix-test, with links resolved. */
static void test_host_prefix_find_from_the_running_test(void **state)
{
	char *exe = realpath("/proc/self/exe", NULL);
	char *prefix = host_prefix_find();
	char want[PATH_MAX];

	(void)state;
	assert_non_null(exe);
	assert_non_null(prefix);
	snprintf(want, sizeof(want), "%s/host/prefix-test", prefix);
	assert_string_equal(exe, want);
	free(prefix);
	free(exe);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_host_prefix_cut_drops_bin_and_name),
		cmocka_unit_test(test_host_prefix_cut_root_prefix),
		cmocka_unit_test(test_host_prefix_cut_refuses_short_paths),
		cmocka_unit_test(test_host_prefix_find_from_the_running_test),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

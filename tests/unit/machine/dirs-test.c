/* SPDX-License-Identifier: MIT */
/*
 * mach_dirs_join: relative paths from BINDIR resolved lexically;
 * mach_dirs_cross_lib: a target's multiarch name put in CROSS_LIBDIR;
 * and mach_dirs_find on the running test itself.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine/dirs.h"
#include "machine/relpaths.h"

static void join(const char *dir, const char *rel, const char *want)
{
	char *got = mach_dirs_join(dir, rel);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void test_mach_dirs_join_default_layout(void **state)
{
	(void)state;
	join("/usr/local/bin", "../lib", "/usr/local/lib");
	join("/usr/local/bin", "../share", "/usr/local/share");
	join("/opt/hl/bin", "../lib/x86_64-linux-gnu",
	     "/opt/hl/lib/x86_64-linux-gnu");
}

static void test_mach_dirs_join_dots_and_slashes(void **state)
{
	(void)state;
	join("/usr/bin", ".", "/usr/bin");
	join("/usr/bin/", "./../lib//", "/usr/lib");
	join("/a/b/c", "../../x/./y", "/a/x/y");
	join("/a/b", "", "/a/b");
}

static void test_mach_dirs_join_stays_at_the_root(void **state)
{
	(void)state;
	join("/bin", "../lib", "/lib");
	join("/bin", "../../../lib", "/lib");
	join("/", ".", "/");
	join("/bin", "..", "/");
}

static void cross_lib(const char *pattern, const char *want)
{
	char *got = mach_dirs_cross_lib(pattern, "aarch64-linux-gnu");

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void test_mach_dirs_cross_lib_beside_a_multiarch_libdir(void **state)
{
	(void)state;
	cross_lib("/usr/lib/%", "/usr/lib/aarch64-linux-gnu");
}

static void test_mach_dirs_cross_lib_below_a_plain_libdir(void **state)
{
	(void)state;
	cross_lib("/usr/local/lib/%", "/usr/local/lib/aarch64-linux-gnu");
}

static void test_mach_dirs_cross_lib_each_mark_anywhere(void **state)
{
	(void)state;
	cross_lib("/opt/%/lib", "/opt/aarch64-linux-gnu/lib");
	cross_lib("/x/%/%-hl", "/x/aarch64-linux-gnu/aarch64-linux-gnu-hl");
	cross_lib("/no/mark", "/no/mark");
}

/* The test runs from <dir>/machine/dirs-test, with links resolved. */
static void test_mach_dirs_find_from_the_running_test(void **state)
{
	char *exe = realpath("/proc/self/exe", NULL);
	struct mach_dirs d;
	char *lib, *cross, *data;

	(void)state;
	assert_non_null(exe);
	assert_int_equal(mach_dirs_find(&d), 0);
	assert_string_equal(d.bin, dirname(exe));
	lib = mach_dirs_join(d.bin, MACH_BIN_TO_LIB);
	cross = mach_dirs_join(d.bin, MACH_BIN_TO_CROSS_LIB);
	data = mach_dirs_join(d.bin, MACH_BIN_TO_DATA);
	assert_string_equal(d.lib, lib);
	assert_string_equal(d.cross_lib, cross);
	assert_non_null(strchr(d.cross_lib, '%'));
	assert_string_equal(d.data, data);
	free(lib);
	free(cross);
	free(data);
	mach_dirs_free(&d);
	assert_null(d.bin);
	free(exe);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_dirs_join_default_layout),
		cmocka_unit_test(test_mach_dirs_join_dots_and_slashes),
		cmocka_unit_test(test_mach_dirs_join_stays_at_the_root),
		cmocka_unit_test(test_mach_dirs_cross_lib_beside_a_multiarch_libdir),
		cmocka_unit_test(test_mach_dirs_cross_lib_below_a_plain_libdir),
		cmocka_unit_test(test_mach_dirs_cross_lib_each_mark_anywhere),
		cmocka_unit_test(test_mach_dirs_find_from_the_running_test),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/*
 * inspect_hwcaps_parse and inspect_hwcaps_rank: the glibc-hwcaps
 * subdirectories from what "ld.so --help" prints, as glibc 2.36's
 * elf/dl-usage.c prints it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "tools/inspect/hwcaps.h"

#define HEAD "You have invoked 'ld.so', the program interpreter...\n" \
	"  --list                list all dependencies\n" \
	"\nShared library search path:\n" \
	"  (libraries located via /etc/ld.so.cache)\n" \
	"  /lib/x86_64-linux-gnu (system search path)\n" \
	"\nSubdirectories of glibc-hwcaps directories, in priority order:\n"
#define LEGACY "\nLegacy HWCAP subdirectories under library search path " \
	"directories:\n" \
	"  x86_64 (AT_PLATFORM; supported, searched)\n" \
	"  tls (supported, searched)\n"

static void test_inspect_hwcaps_parse_supported_and_searched(void **state)
{
	struct inspect_hwcaps hw;

	(void)state;
	inspect_hwcaps_parse(&hw, HEAD "  x86-64-v4\n"
			     "  x86-64-v3 (supported, searched)\n"
			     "  x86-64-v2 (supported, searched)\n" LEGACY);
	assert_int_equal(hw.n, 2);
	assert_string_equal(hw.name[0], "x86-64-v3");
	assert_string_equal(hw.name[1], "x86-64-v2");
	assert_int_equal(inspect_hwcaps_rank(&hw, "x86-64-v3"), 1);
	assert_int_equal(inspect_hwcaps_rank(&hw, "x86-64-v2"), 2);
	assert_int_equal(inspect_hwcaps_rank(&hw, "x86-64-v4"), 0);
	assert_int_equal(inspect_hwcaps_rank(&hw, "x86-64"), 0);
}

static void test_inspect_hwcaps_parse_prepended_and_masked(void **state)
{
	struct inspect_hwcaps hw;

	(void)state;
	/* --glibc-hwcaps-prepend comes first, searched; --glibc-hwcaps-mask
	 * leaves a supported one unsearched.  A name with a '/' is no
	 * subdirectory. */
	inspect_hwcaps_parse(&hw, HEAD "  mine (searched)\n"
			     "  a/b (searched)\n"
			     "  x86-64-v4 (supported, masked)\n"
			     "  x86-64-v3 (supported, searched)\n"
			     "  x86-64-v2 (supported, searched)" );
	assert_int_equal(hw.n, 3);
	assert_string_equal(hw.name[0], "mine");
	assert_string_equal(hw.name[1], "x86-64-v3");
	assert_string_equal(hw.name[2], "x86-64-v2");
}

static void test_inspect_hwcaps_parse_none(void **state)
{
	struct inspect_hwcaps hw = { .n = 5 };

	(void)state;
	/* glibc 2.36 on a processor with no subdirectory of its own, and a
	 * loader before 2.33, which has no such section. */
	inspect_hwcaps_parse(&hw, "\nNo subdirectories of glibc-hwcaps "
			     "directories are searched.\n" LEGACY);
	assert_int_equal(hw.n, 0);
	inspect_hwcaps_parse(&hw, "Usage: ld.so [OPTION]...\n");
	assert_int_equal(hw.n, 0);
	/* The heading inside another line is not the section. */
	inspect_hwcaps_parse(&hw, "x Subdirectories of glibc-hwcaps "
			     "directories, in priority order:\n"
			     "  x86-64-v2 (supported, searched)\n");
	assert_int_equal(hw.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_inspect_hwcaps_parse_supported_and_searched),
		cmocka_unit_test(
			test_inspect_hwcaps_parse_prepended_and_masked),
		cmocka_unit_test(test_inspect_hwcaps_parse_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

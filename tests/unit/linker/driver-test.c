/* SPDX-License-Identifier: MIT */
/*
 * lw_driver_of, lw_driver_args and lw_driver_search_args: which compiler
 * ran the wrapper, its arguments, and the options of clang's command line
 * that decide where it finds programs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "linker/driver.h"

static void test_lw_driver_of(void **state)
{
	(void)state;
	assert_int_equal(lw_driver_of("gcc", "/usr/lib/gcc/x/12/collect2"),
			 LW_DRIVER_GCC);
	assert_int_equal(lw_driver_of("gcc", NULL), LW_DRIVER_GCC);
	assert_int_equal(lw_driver_of(NULL, "/usr/lib/llvm-14/bin/clang"),
			 LW_DRIVER_CLANG);
	assert_int_equal(lw_driver_of("", "/usr/bin/clang-14"),
			 LW_DRIVER_CLANG);
	assert_int_equal(lw_driver_of(NULL, "clang++"), LW_DRIVER_CLANG);
	assert_int_equal(lw_driver_of(NULL, "/usr/bin/make"), LW_DRIVER_NONE);
	assert_int_equal(lw_driver_of(NULL, "/opt/clang/bin/cc"),
			 LW_DRIVER_NONE);
	assert_int_equal(lw_driver_of(NULL, NULL), LW_DRIVER_NONE);
}

/* The search options of CMDLINE (LEN bytes) must be WANT, N of them. */
static void search_args(const char *cmdline, size_t len,
			const char *const *want, size_t n)
{
	struct lw_argv args = { 0 }, v = { 0 };

	assert_int_equal(lw_driver_args(cmdline, len, &args), 0);
	assert_int_equal(lw_driver_search_args(&args, &v), 0);
	assert_int_equal(v.n, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(v.v[i], want[i]);
	lw_argv_free(&v);
	lw_argv_free(&args);
}

#define CMDLINE(s) s, sizeof(s) - 1

static void test_lw_driver_search_args_forms(void **state)
{
	static const char *const want[] = {
		"-B/a", "-B/b", "-B/c", "-B/d", "--target=x86_64-linux-gnu",
		"--target=i686-linux-gnu", "--gcc-toolchain=/g",
	};

	(void)state;
	search_args(CMDLINE("clang\0-B/a\0-o\0x\0-B\0/b\0--prefix=/c\0"
			    "--prefix\0/d\0-target\0x86_64-linux-gnu\0"
			    "--target=i686-linux-gnu\0--gcc-toolchain=/g\0"
			    "-fuse-ld=lld\0x.c\0"), want, 7);
}

static void test_lw_driver_search_args_none_or_cut(void **state)
{
	static const char *const want[] = { "-B/a" };

	(void)state;
	search_args(CMDLINE("clang\0-O2\0-Wl,-B,/x\0x.c\0"), NULL, 0);
	/* The program name is never an option, even one that looks so. */
	search_args(CMDLINE("-B/x\0"), NULL, 0);
	/* A -B at the end has no value; an argument cut off is not read. */
	search_args(CMDLINE("clang\0-B/a\0-B\0"), want, 1);
	search_args("clang\0-B/a\0-B/cut", 16, want, 1);
	search_args("", 0, NULL, 0);
}

static void test_lw_driver_args_cut(void **state)
{
	struct lw_argv v = { 0 };

	(void)state;
	assert_int_equal(lw_driver_args("clang\0@a.rsp\0-B/cut", 19, &v), 0);
	assert_int_equal(v.n, 1);
	assert_string_equal(v.v[0], "@a.rsp");
	lw_argv_free(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_driver_of),
		cmocka_unit_test(test_lw_driver_search_args_forms),
		cmocka_unit_test(test_lw_driver_search_args_none_or_cut),
		cmocka_unit_test(test_lw_driver_args_cut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "linker/libc.h"
#include "tests/unit/support/parsed-opts.h"

/* The runtime goes in, or not, as the C library is on this link. */
#define MEETS(want, ...) do { \
	struct parsed p_; \
	PARSE(&p_, __VA_ARGS__); \
	assert_int_equal(p_.rc, 0); \
	assert_int_equal(lw_libc_meets_runtime(&p_.o), want); \
	done(&p_); \
} while (0)

/* Each spelling of libc on a command line, and what only looks like
 * one: another library, an option's value, a value of -l. */
static void test_lw_libc_arg(void **state)
{
	(void)state;
	assert_true(lw_libc_arg("a.o", "-lc", NULL));
	assert_true(lw_libc_arg("a.o", "-l", "c"));
	assert_true(lw_libc_arg(NULL, "--library", "c"));
	assert_true(lw_libc_arg(NULL, "--library=c", NULL));
	assert_true(lw_libc_arg(NULL, "-l:libc.a", NULL));
	assert_true(lw_libc_arg("a.o", "/usr/lib/libc.a", NULL));
	assert_true(lw_libc_arg(NULL, "libc.so.6", NULL));
	assert_false(lw_libc_arg(NULL, "-lcrypto", NULL));
	assert_false(lw_libc_arg(NULL, "-l", "crypt"));
	assert_false(lw_libc_arg(NULL, "-l", NULL));
	assert_false(lw_libc_arg("-o", "libc.so.6", NULL));
	assert_false(lw_libc_arg("-l", "c", NULL));
	assert_false(lw_libc_arg("a.o", "libcx.a", NULL));
}

static void test_lw_libc_meets_runtime_libc_spellings(void **state)
{
	(void)state;
	MEETS(true, "--hugetlbfs-align", "a.o", "-lc");
	MEETS(true, "--hugetlbfs-align", "a.o", "-l", "c");
	MEETS(true, "--hugetlbfs-align", "a.o", "--library=c");
	MEETS(true, "--hugetlbfs-align", "a.o", "-l:libc.so.6");
	MEETS(true, "--hugetlbfs-align", "-static", "a.o", "-l:libc.a");
	MEETS(true, "--hugetlbfs-align", "a.o", "/usr/lib/libc.so");
	MEETS(true, "--hugetlbfs-align", "-static", "a.o", "/usr/lib/libc.a");
	MEETS(true, "--hugetlbfs-align", "a.o", "/lib/libc.so.6");
}

static void test_lw_libc_meets_runtime_no_libc(void **state)
{
	(void)state;
	MEETS(false, "--hugetlbfs-align", "-pie", "-o", "p", "a.o");
	MEETS(false, "--hugetlbfs-align", "-static", "a.o", "-lgcc");
	MEETS(false, "--hugetlbfs-align", "a.o", "-lcrypt", "libcx.so");
	MEETS(false, "--hugetlbfs-align", "a.o", "-L", "c", "-l:libc.sox");
	/* After "--" everything is a file name: "-lc" is one. */
	MEETS(false, "--hugetlbfs-align", "a.o", "--", "-lc");
}

static void test_lw_libc_meets_runtime_shared(void **state)
{
	(void)state;
	MEETS(true, "--hugetlbfs-align", "-shared", "a.o");
	MEETS(false, "--hugetlbfs-align", "-shared", "-z", "defs", "a.o");
	MEETS(false, "--hugetlbfs-align", "-shared", "--no-undefined", "a.o");
	MEETS(true, "--hugetlbfs-align", "-shared", "-z", "defs", "a.o",
	      "-lc");
	MEETS(true, "--hugetlbfs-align", "-shared", "-z", "defs", "-z",
	      "undefs", "a.o");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_libc_arg),
		cmocka_unit_test(test_lw_libc_meets_runtime_libc_spellings),
		cmocka_unit_test(test_lw_libc_meets_runtime_no_libc),
		cmocka_unit_test(test_lw_libc_meets_runtime_shared),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

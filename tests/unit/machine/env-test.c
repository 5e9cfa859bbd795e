/* SPDX-License-Identifier: MIT */
/*
 * mach_env_ours_get: the environment's HUGETLB_ and HUGELINK_ variables,
 * gathered once, answer as getenv does; the same pass keeps the names
 * alike.  mach_env_glance: what a start first needs to know.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "machine/env.h"

static void test_mach_env_ours_get(void **state)
{
	struct mach_env_ours o;

	(void)state;
	clearenv();
	setenv("PATH", "/bin", 1);
	setenv("HUGETLB_ELFMAP", "R", 1);
	setenv("HUGETLB_ELFMAPX", "W", 1);
	setenv("HUGELINK_BACKING", "file", 1);
	setenv("HUGETLB_SHARE", "", 1);
	mach_env_ours_read(&o);
	assert_int_equal(o.n, 4);
	assert_false(o.more);
	assert_string_equal(mach_env_ours_get("HUGETLB_ELFMAP", &o), "R");
	assert_string_equal(mach_env_ours_get("HUGETLB_ELFMAPX", &o), "W");
	assert_string_equal(mach_env_ours_get("HUGELINK_BACKING", &o), "file");
	assert_string_equal(mach_env_ours_get("HUGETLB_SHARE", &o), "");
	assert_null(mach_env_ours_get("HUGETLB_ELF", &o));
	assert_null(mach_env_ours_get("PATH", &o));
	assert_null(mach_env_ours_get("HUGETLB_VERBOSE", &o));
}

/* More variables than it gathers: each name is asked of getenv. */
static void test_mach_env_ours_get_many(void **state)
{
	struct mach_env_ours o;
	char name[32];

	(void)state;
	clearenv();
	for (int i = 0; i < MACH_ENV_OURS_MAX + 2; i++) {
		snprintf(name, sizeof(name), "HUGETLB_X%d", i);
		setenv(name, "1", 1);
	}
	setenv("HUGETLB_ELFMAP", "RW", 1);
	mach_env_ours_read(&o);
	assert_true(o.more);
	assert_string_equal(mach_env_ours_get("HUGETLB_ELFMAP", &o), "RW");
}

/* Names that are not ours but a mistake for one of ours are kept
 * apart; names that only begin alike are not, however many come first. */
static void test_mach_env_ours_read_alike(void **state)
{
	struct mach_env_ours o;

	(void)state;
	clearenv();
	setenv("HOME", "/root", 1);
	setenv("HUGGINGFACE_HUB_TOKEN", "x", 1);
	setenv("HUGGINGFACE_HUB_CACHE", "x", 1);
	setenv("HGUSER", "x", 1);
	setenv("HGEDITOR", "x", 1);
	setenv("HUGEPAGES", "1", 1);
	setenv("HUGTLB_ELFMAP", "RW", 1);
	setenv("HUGETLB_ELFMAP", "R", 1);
	mach_env_ours_read(&o);
	assert_int_equal(o.n, 1);
	assert_int_equal(o.nalike, 1);
	assert_string_equal(o.alike[0], "HUGTLB_ELFMAP=RW");
	assert_string_equal(mach_env_ours_get("HUGETLB_ELFMAP", &o), "R");
	assert_null(mach_env_ours_get("HUGTLB_ELFMAP", &o));
}

static void test_mach_env_glance(void **state)
{
	struct mach_env_glance g;

	(void)state;
	clearenv();
	setenv("HOME", "/root", 1);
	setenv("HUGEPAGES", "1", 1);
	setenv("HUGELINK_BACKING", "thp", 1);
	mach_env_glance(&g);
	assert_false(g.hugetlb);
	assert_false(g.odd);
	setenv("HUGETLB_MORECORE", "yes", 1);
	mach_env_glance(&g);
	assert_true(g.hugetlb);
	assert_false(g.odd);
	setenv("HUGTLB_ELFMAP", "RW", 1);
	mach_env_glance(&g);
	assert_true(g.odd);
	clearenv();
	setenv("HUGELINK_BACKIN", "file", 1);
	mach_env_glance(&g);
	assert_false(g.hugetlb);
	assert_true(g.odd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_env_ours_get),
		cmocka_unit_test(test_mach_env_ours_get_many),
		cmocka_unit_test(test_mach_env_ours_read_alike),
		cmocka_unit_test(test_mach_env_glance),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

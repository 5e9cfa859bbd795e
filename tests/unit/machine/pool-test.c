/* SPDX-License-Identifier: MIT */
/*
 * mach_pool_read: the counters of a pool, from files as sysfs writes
 * them, in a directory made for the test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine/pool.h"

static char dir[64];

/* The pool of 2 MiB pages, its five counters as sysfs writes them. */
static void put_pool(const char *nr, const char *free, const char *resv)
{
	const char *name[] = { "nr_hugepages", "free_hugepages",
			       "resv_hugepages", "nr_overcommit_hugepages",
			       "surplus_hugepages" };
	const char *value[] = { nr, free, resv, "0\n", "0\n" };
	char path[160];

	snprintf(path, sizeof(path), "%s/hugepages-2048kB", dir);
	mkdir(path, 0755);
	for (int i = 0; i < 5; i++) {
		FILE *f;

		mach_pool_path(path, dir, 2u << 20, name[i]);
		f = fopen(path, "w");
		assert_non_null(f);
		fputs(value[i], f);
		fclose(f);
	}
}

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/hl-pool-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[96];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd);
}

static void test_mach_pool_read_counts(void **state)
{
	struct mach_pool p;

	(void)state;
	put_pool("8\n", "7\n", "2\n");
	mach_pool_read(&p, dir, 2u << 20);
	assert_true(p.known);
	assert_false(p.resv_wrapped);
	assert_int_equal(p.resv, 2);
	assert_int_equal(mach_pool_available(&p), 5);
}

/* The kernel's reserved count below zero, shown unsigned: the free
 * pages are what can be had, as far as the counters tell. */
static void test_mach_pool_read_reserved_below_zero(void **state)
{
	struct mach_pool p;

	(void)state;
	put_pool("8\n", "7\n", "18446744073709551615\n");
	mach_pool_read(&p, dir, 2u << 20);
	assert_true(p.known);
	assert_true(p.resv_wrapped);
	assert_int_equal(mach_pool_available(&p), 7);
}

static void test_mach_pool_counter_saturates(void **state)
{
	char path[160];

	(void)state;
	put_pool("99999999999999999999999\n", "7\n", "0\n");
	mach_pool_path(path, dir, 2u << 20, "nr_hugepages");
	assert_int_equal(mach_pool_counter(path), LONG_MAX);
	put_pool("x\n", "7\n", "0\n");
	assert_int_equal(mach_pool_counter(path), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_pool_read_counts),
		cmocka_unit_test(test_mach_pool_read_reserved_below_zero),
		cmocka_unit_test(test_mach_pool_counter_saturates),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

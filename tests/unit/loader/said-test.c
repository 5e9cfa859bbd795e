/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "loader/said.h"

/* Whether the calling copy is the program's: a library's looks for the
 * record an earlier copy left. */
static bool in_program;

bool __wrap_ldr_copy_in_program(void);
bool __wrap_ldr_copy_in_program(void)
{
	return in_program;
}

static bool said(const char *text)
{
	return ldr_said_before(text, strlen(text));
}

/* Tests run in order, in one process, on one record. */
static void test_ldr_said_before_once(void **state)
{
	(void)state;
	in_program = true;
	assert_false(said("hugelink: a: staying on base pages\n"));
	assert_true(said("hugelink: a: staying on base pages\n"));
	assert_false(said("hugelink: a: lib.so: staying on base pages\n"));
	assert_true(said("hugelink: a: lib.so: staying on base pages\n"));
}

/* A copy in a library, after the one that said it went: the record is
 * found again in /proc/self/maps. */
static void test_ldr_said_before_outlives_the_copy(void **state)
{
	(void)state;
	ldr_said_drop();
	in_program = false;
	assert_true(said("hugelink: a: staying on base pages\n"));
	assert_false(said("hugelink: a: other\n"));
	ldr_said_drop();
	assert_true(said("hugelink: a: other\n"));
}

/* A full record records no more: what it cannot hold is said each time. */
static void test_ldr_said_before_full(void **state)
{
	char text[64];
	int kept = 0;

	(void)state;
	for (int i = 0; i < 1000; i++) {
		snprintf(text, sizeof(text), "line %d\n", i);
		assert_false(said(text));
		kept += said(text);
	}
	assert_true(kept > 400 && kept < 1000);
	assert_false(said("line 999\n"));
	assert_true(said("line 0\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ldr_said_before_once),
		cmocka_unit_test(test_ldr_said_before_outlives_the_copy),
		cmocka_unit_test(test_ldr_said_before_full),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/*
 * hl_lib_kind: which libraries the runtime moves, and how.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/object.h"

static void test_hl_lib_kind_order(void **state)
{
	(void)state;
	assert_int_equal(hl_lib_kind(false, HL_LIBS_NOT, false), HL_LIB_NONE);
	assert_int_equal(hl_lib_kind(false, HL_LIBS_NOT, true), HL_LIB_CARRIER);
	/* Named, it is moved as named, forced or not, carrier or not. */
	assert_int_equal(hl_lib_kind(false, HL_LIBS_BY_NAME, true),
			 HL_LIB_NAMED);
	assert_int_equal(hl_lib_kind(false, HL_LIBS_BY_ALL, false), HL_LIB_ALL);
	/* The flags come first: they are what the library itself asks. */
	assert_int_equal(hl_lib_kind(true, HL_LIBS_BY_NAME, true),
			 HL_LIB_FLAGGED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_lib_kind_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

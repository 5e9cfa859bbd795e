/* SPDX-License-Identifier: MIT */
/*
 * lw_script_order: the ordered sections first in .text of a script.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "linker/scriptorder.h"

static const char script[] =
	"SECTIONS\n{\n"
	"  .text.unused : { *(.text.unused) }\n"
	"  .text           :\n"
	"  {\n"
	"    *(.text.unlikely .text.*_unlikely .text.unlikely.*)\n"
	"    *(.text .stub .text.*)\n"
	"  }\n"
	"}\n";

static void test_lw_script_order_sections_first_in_text(void **state)
{
	struct lw_argv sec = { 0 };
	char *out;

	(void)state;
	assert_int_equal(lw_argv_push(&sec, ".text.hot_b"), 0);
	assert_int_equal(lw_argv_push(&sec, ".text.startup.main"), 0);
	out = lw_script_order(script, &sec);
	assert_non_null(out);
	assert_string_equal(out,
		"SECTIONS\n{\n"
		"  .text.unused : { *(.text.unused) }\n"
		"  .text           :\n"
		"  {\n"
		"    *(.text.hot_b)\n"
		"    *(.text.startup.main)\n"
		"    *(.text.unlikely .text.*_unlikely .text.unlikely.*)\n"
		"    *(.text .stub .text.*)\n"
		"  }\n"
		"}\n");
	free(out);
	lw_argv_free(&sec);
}

static void test_lw_script_order_brace_on_the_statement_line(void **state)
{
	struct lw_argv sec = { 0 };
	char *out;

	(void)state;
	assert_int_equal(lw_argv_push(&sec, ".text.f"), 0);
	out = lw_script_order("  .text : {\n    *(.text)\n  }\n", &sec);
	assert_non_null(out);
	assert_string_equal(out,
			    "  .text : {\n    *(.text.f)\n    *(.text)\n  }\n");
	free(out);
	lw_argv_free(&sec);
}

static void test_lw_script_order_no_text_statement(void **state)
{
	struct lw_argv sec = { 0 };

	(void)state;
	assert_null(lw_script_order("SECTIONS\n{\n  .data : { *(.data) }\n}\n",
				    &sec));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_script_order_sections_first_in_text),
		cmocka_unit_test(
			test_lw_script_order_brace_on_the_statement_line),
		cmocka_unit_test(test_lw_script_order_no_text_statement),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "tools/inspect/json.h"

/* What inspect_json_str writes for S. */
static char *json(const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	inspect_json_str(f, s);
	fclose(f);
	return text;
}

static void expect(const char *s, const char *want)
{
	char *got = json(s);

	assert_string_equal(got, want);
	free(got);
}

static void test_inspect_json_str_plain_and_null(void **state)
{
	(void)state;
	expect("./prog", "\"./prog\"");
	expect("", "\"\"");
	expect(NULL, "null");
}

static void test_inspect_json_str_escapes(void **state)
{
	(void)state;
	expect("a\"b\\c", "\"a\\\"b\\\\c\"");
	expect("line\nnext\ttab", "\"line\\nnext\\ttab\"");
	expect("\x01\x1f", "\"\\u0001\\u001f\"");
}

static void test_inspect_json_str_utf8(void **state)
{
	(void)state;
	expect("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
	       "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
	expect("bad\xff", "\"bad\\ufffd\"");
	expect("cut\xc3", "\"cut\\ufffd\"");
	expect("\xc0\xaf", "\"\\ufffd\\ufffd\"");		/* overlong */
	expect("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");	/* surrogate */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspect_json_str_plain_and_null),
		cmocka_unit_test(test_inspect_json_str_escapes),
		cmocka_unit_test(test_inspect_json_str_utf8),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

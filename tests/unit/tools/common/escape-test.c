/* SPDX-License-Identifier: MIT */
/*
 * Escaping names for the tools' text output: control characters,
 * backslashes and bytes that are not UTF-8 become C escapes; printable
 * text, blanks and valid UTF-8 stay; a name too long is cut at a
 * character and says so.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "tools/common/escape.h"

static const char *esc(const char *s)
{
	static char out[TL_ESCAPED_LEN(64)];

	return tl_escape(s, out, sizeof(out));
}

static void test_tl_escape_plain(void **state)
{
	(void)state;
	assert_string_equal(esc(""), "");
	assert_string_equal(esc("/opt/my prog-1.2"), "/opt/my prog-1.2");
	assert_string_equal(esc("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
			    "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
}

static void test_tl_escape_controls(void **state)
{
	(void)state;
	assert_string_equal(esc("a\nstale    no"), "a\\nstale    no");
	assert_string_equal(esc("\t\r\\"), "\\t\\r\\\\");
	assert_string_equal(esc("\x1b[2J\x7f\x01"), "\\x1b[2J\\x7f\\x01");
	/* C1 controls: CSI (U+009B) drives terminals as ESC [ does. */
	assert_string_equal(esc("x\xc2\x9b" "2J"), "x\\xc2\\x9b2J");
	assert_string_equal(esc("\xc2\xa0"), "\xc2\xa0");
}

static void test_tl_escape_bad_utf8(void **state)
{
	(void)state;
	assert_string_equal(esc("\xff\xfe"), "\\xff\\xfe");
	assert_string_equal(esc("\xc3"), "\\xc3");
	/* overlong '/' */
	assert_string_equal(esc("\xc0\xaf"), "\\xc0\\xaf");
	/* surrogate */
	assert_string_equal(esc("\xed\xa0\x80"), "\\xed\\xa0\\x80");
	assert_string_equal(esc("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
	assert_string_equal(esc("\xe2\x82"), "\\xe2\\x82");
}

static void test_tl_escape_cut(void **state)
{
	char out[8];

	(void)state;
	assert_string_equal(tl_escape("abcdefg", out, sizeof(out)), "abcdefg");
	assert_string_equal(tl_escape("abcdefgh", out, sizeof(out)), "abcd...");
	assert_string_equal(tl_escape("a\n\n\n\n", out, sizeof(out)),
			    "a\\n...");
	assert_string_equal(tl_escape("\xe2\x82\xac\xe2\x82\xac!!", out,
				      sizeof(out)),
			    "\xe2\x82\xac...");
	assert_string_equal(tl_escape("abc", out, 1), "");
}

/* The worst case, every byte a \xHH, fits TL_ESCAPED_LEN. */
static void test_tl_escape_len_is_enough(void **state)
{
	char in[33], out[TL_ESCAPED_LEN(32)];

	(void)state;
	memset(in, 0xff, 32);
	in[32] = '\0';
	tl_escape(in, out, sizeof(out));
	assert_int_equal(strlen(out), 4 * 32);
	assert_null(strstr(out, "..."));
}

static void test_tl_utf8_len(void **state)
{
	(void)state;
	assert_int_equal(tl_utf8_len("a"), 1);
	assert_int_equal(tl_utf8_len(""), 1);
	assert_int_equal(tl_utf8_len("\xc3\xa9"), 2);
	assert_int_equal(tl_utf8_len("\xf0\x9f\x98\x80"), 4);
	assert_int_equal(tl_utf8_len("\x80"), 0);
	assert_int_equal(tl_utf8_len("\xc3"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tl_escape_plain),
		cmocka_unit_test(test_tl_escape_controls),
		cmocka_unit_test(test_tl_escape_bad_utf8),
		cmocka_unit_test(test_tl_escape_cut),
		cmocka_unit_test(test_tl_escape_len_is_enough),
		cmocka_unit_test(test_tl_utf8_len),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

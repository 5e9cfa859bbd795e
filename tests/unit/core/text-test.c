/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/text.h"

static void test_hl_text_put_appends(void **state)
{
	char buf[64];
	struct hl_text t;

	(void)state;
	hl_text_init(&t, buf, sizeof(buf));
	assert_string_equal(buf, "");
	hl_text_put(&t, "segment %d", 2);
	hl_text_put(&t, "%s", "");
	hl_text_put(&t, ", %s", "3");
	assert_string_equal(buf, "segment 2, 3");
	assert_int_equal(t.used, 12);
}

/* What does not fit is cut off, the buffer still ends in a NUL, and a
 * full buffer takes nothing more. */
static void test_hl_text_put_cuts_short(void **state)
{
	char buf[8 + 1];
	struct hl_text t;

	(void)state;
	memset(buf, 'Z', sizeof(buf));
	hl_text_init(&t, buf, 8);
	hl_text_put(&t, "%s", "abcde");
	hl_text_put(&t, "%s", "fghij");
	assert_string_equal(buf, "abcdefg");
	assert_true(t.used >= t.len);
	hl_text_put(&t, "%s", "k");
	assert_string_equal(buf, "abcdefg");
	assert_int_equal(buf[8], 'Z');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_text_put_appends),
		cmocka_unit_test(test_hl_text_put_cuts_short),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

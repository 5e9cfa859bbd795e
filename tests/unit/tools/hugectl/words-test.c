/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "tools/hugectl/words.h"

static void test_ctl_bytes_text_units(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(ctl_bytes_text(0, buf, sizeof(buf)), "0 bytes");
	assert_string_equal(ctl_bytes_text(1, buf, sizeof(buf)), "1 byte");
	assert_string_equal(ctl_bytes_text(1023, buf, sizeof(buf)),
			    "1023 bytes");
	assert_string_equal(ctl_bytes_text(1024, buf, sizeof(buf)), "1.0 KiB");
	assert_string_equal(ctl_bytes_text(0x1d631, buf, sizeof(buf)),
			    "117.5 KiB");
	assert_string_equal(ctl_bytes_text(0x1550fc, buf, sizeof(buf)),
			    "1.3 MiB");
	assert_string_equal(ctl_bytes_text(3ull << 30, buf, sizeof(buf)),
			    "3.0 GiB");
	assert_string_equal(ctl_bytes_text(5ull << 50, buf, sizeof(buf)),
			    "5120.0 TiB");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_bytes_text_units),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

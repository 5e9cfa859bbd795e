/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/size.h"

static void test_hl_parse_size_suffixes(void **state)
{
	size_t v = 0;

	(void)state;
	assert_int_equal(hl_parse_size("2M", &v), 0);
	assert_int_equal(v, 2u << 20);
	assert_int_equal(hl_parse_size("1G", &v), 0);
	assert_int_equal(v, 1u << 30);
	assert_int_equal(hl_parse_size("16m", &v), 0);
	assert_int_equal(v, 16u << 20);
	assert_int_equal(hl_parse_size("64KB", &v), 0);
	assert_int_equal(v, 64u << 10);
	assert_int_equal(hl_parse_size("2097152", &v), 0);
	assert_int_equal(v, 2u << 20);
	assert_int_equal(hl_parse_size("0x200000", &v), 0);
	assert_int_equal(v, 2u << 20);
}

/* Any amount of bytes, where a page size must be a power of two. */
static void test_hl_parse_bytes_any_amount(void **state)
{
	static const char *bad[] = { "", "M", "-2M", "0", "2X", "1T", NULL };
	size_t v = 7;

	(void)state;
	assert_int_equal(hl_parse_bytes("48M", &v), 0);
	assert_int_equal(v, 48u << 20);
	assert_int_equal(hl_parse_size("48M", &v), -1);
	assert_int_equal(hl_parse_bytes("3", &v), 0);
	assert_int_equal(v, 3);
	v = 7;
	for (int i = 0; bad[i]; i++) {
		assert_int_equal(hl_parse_bytes(bad[i], &v), -1);
		assert_int_equal(v, 7);
	}
}

static void test_hl_parse_size_rejects(void **state)
{
	static const char *bad[] = {
		"", "M", "-2M", "0", "3M", "2X", "2MM", "2M ", " 2M", "1T",
		"99999999999999999999", "0x", "2Mi", NULL,
	};
	size_t v = 7;

	(void)state;
	for (int i = 0; bad[i]; i++) {
		assert_int_equal(hl_parse_size(bad[i], &v), -1);
		assert_int_equal(v, 7);
	}
	assert_int_equal(hl_parse_size(NULL, &v), -1);
}

static void test_hl_size_span_ends_with_the_unit(void **state)
{
	(void)state;
	assert_int_equal(hl_size_span("2M,W"), 2);
	assert_int_equal(hl_size_span("2MB:W"), 3);
	assert_int_equal(hl_size_span("2MiB"), 2);
	assert_int_equal(hl_size_span("0x200000 R"), 8);
	assert_int_equal(hl_size_span("2097152"), 7);
	assert_int_equal(hl_size_span("M2"), 0);
	assert_int_equal(hl_size_span(""), 0);
}

static void test_hl_format_size_units(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(hl_format_size(2u << 20, buf, sizeof(buf)), "2M");
	assert_string_equal(hl_format_size(1u << 30, buf, sizeof(buf)), "1G");
	assert_string_equal(hl_format_size(64u << 10, buf, sizeof(buf)), "64K");
	assert_string_equal(hl_format_size(1000, buf, sizeof(buf)), "1000");
}

static void test_hl_pmd_size_of_each_base(void **state)
{
	(void)state;
	assert_int_equal(hl_pmd_size(4096), 2u << 20);
	assert_int_equal(hl_pmd_size(16384), 32u << 20);
	assert_int_equal(hl_pmd_size(65536), 512u << 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_parse_size_suffixes),
		cmocka_unit_test(test_hl_parse_bytes_any_amount),
		cmocka_unit_test(test_hl_parse_size_rejects),
		cmocka_unit_test(test_hl_size_span_ends_with_the_unit),
		cmocka_unit_test(test_hl_format_size_units),
		cmocka_unit_test(test_hl_pmd_size_of_each_base),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

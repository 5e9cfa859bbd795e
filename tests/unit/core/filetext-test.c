/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>

#include "core/filetext.h"

#define M2 ((size_t)2 << 20)

static void test_hl_filetext_span_congruent_text(void **state)
{
	struct hl_phdr ph = { PT_LOAD, PF_R | PF_X, 0x200000, 0x200000,
			      0x80eac5, 0x80eac5, 0x200000 };
	struct hl_filetext ft;

	(void)state;
	hl_filetext_span(&ph, M2, &ft);
	assert_true(ft.congruent);
	assert_int_equal(ft.start, 0x200000);
	assert_int_equal(ft.end, 0xa00000);
}

static void test_hl_filetext_span_compact_text(void **state)
{
	struct hl_phdr ph = { PT_LOAD, PF_R | PF_X, 0x2000, 0x200000,
			      0x80eac5, 0x80eac5, 0x1000 };
	struct hl_filetext ft;

	(void)state;
	hl_filetext_span(&ph, M2, &ft);
	assert_false(ft.congruent);
	assert_int_equal(ft.end - ft.start, 0x800000);
}

/* lld's layout: the segment starts inside a huge page, congruent. */
static void test_hl_filetext_span_unaligned_start(void **state)
{
	struct hl_phdr ph = { PT_LOAD, PF_R | PF_X, 0x690, 0x200690,
			      0x600000, 0x600000, 0x200000 };
	struct hl_filetext ft;

	(void)state;
	hl_filetext_span(&ph, M2, &ft);
	assert_true(ft.congruent);
	assert_int_equal(ft.start, 0x400000);
	assert_int_equal(ft.end, 0x800000);
}

static void test_hl_filetext_span_small_or_writable(void **state)
{
	struct hl_phdr small = { PT_LOAD, PF_R | PF_X, 0x1000, 0x200000,
				 0x181, 0x181, 0x1000 };
	struct hl_phdr rw = { PT_LOAD, PF_R | PF_W, 0x200000, 0x200000,
			      0x800000, 0x800000, 0x200000 };
	struct hl_phdr note = { PT_NOTE, PF_R, 0x200000, 0x200000,
				0x800000, 0x800000, 4 };
	struct hl_filetext ft;

	(void)state;
	hl_filetext_span(&small, M2, &ft);
	assert_int_equal(ft.end, ft.start);
	hl_filetext_span(&rw, M2, &ft);
	assert_int_equal(ft.end, ft.start);
	hl_filetext_span(&note, M2, &ft);
	assert_int_equal(ft.end, ft.start);
}

static void test_hl_filetext_needs_layout_only_when_whole_page(void **state)
{
	struct hl_phdr hello[] = {
		{ PT_LOAD, PF_R, 0, 0, 0x680, 0x680, 0x200000 },
		{ PT_LOAD, PF_R | PF_X, 0x1000, 0x200000, 0x181, 0x181, 0x1000 },
	};
	struct hl_phdr big[] = {
		{ PT_LOAD, PF_R, 0, 0, 0x680, 0x680, 0x200000 },
		{ PT_LOAD, PF_R | PF_X, 0x2000, 0x200000, 0x80eac5, 0x80eac5,
		  0x1000 },
	};

	(void)state;
	assert_false(hl_filetext_any(hello, 2, M2));
	assert_false(hl_filetext_needs_layout(hello, 2, M2));
	assert_true(hl_filetext_any(big, 2, M2));
	assert_true(hl_filetext_needs_layout(big, 2, M2));
	big[1].offset = 0x200000;
	assert_false(hl_filetext_needs_layout(big, 2, M2));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_filetext_span_congruent_text),
		cmocka_unit_test(test_hl_filetext_span_compact_text),
		cmocka_unit_test(test_hl_filetext_span_unaligned_start),
		cmocka_unit_test(test_hl_filetext_span_small_or_writable),
		cmocka_unit_test(test_hl_filetext_needs_layout_only_when_whole_page),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

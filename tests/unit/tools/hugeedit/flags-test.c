/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>

#include "tools/hugeedit/flags.h"

static const struct hl_phdr rodata = { PT_LOAD, PF_R, 0, 0, 0x7c8, 0x7c8,
				       0x1000 };
static const struct hl_phdr text = { PT_LOAD, PF_R | PF_X, 0x1000, 0x1000,
				     0x3f5, 0x3f5, 0x1000 };
static const struct hl_phdr data = { PT_LOAD, PF_R | PF_W, 0x2dd0, 0x3dd0,
				     0x250, 0x8000, 0x1000 };

static void test_edit_new_flags_text(void **state)
{
	(void)state;
	assert_int_equal(edit_new_flags(&rodata, EDIT_TEXT),
			 PF_R | HL_PF_HUGETLB);
	assert_int_equal(edit_new_flags(&text, EDIT_TEXT),
			 PF_R | PF_X | HL_PF_HUGETLB);
	assert_int_equal(edit_new_flags(&data, EDIT_TEXT), PF_R | PF_W);
}

static void test_edit_new_flags_data(void **state)
{
	(void)state;
	assert_int_equal(edit_new_flags(&rodata, EDIT_DATA), PF_R);
	assert_int_equal(edit_new_flags(&data, EDIT_DATA),
			 PF_R | PF_W | HL_PF_HUGETLB);
	assert_int_equal(edit_new_flags(&data, EDIT_TEXT | EDIT_DATA),
			 PF_R | PF_W | HL_PF_HUGETLB);
}

static void test_edit_new_flags_clears_first(void **state)
{
	struct hl_phdr flagged = data;

	(void)state;
	flagged.flags |= HL_PF_HUGETLB | 0x10;	/* and a bit we must keep */
	assert_int_equal(edit_new_flags(&flagged, EDIT_DISABLE),
			 PF_R | PF_W | 0x10);
	assert_int_equal(edit_new_flags(&flagged, EDIT_TEXT),
			 PF_R | PF_W | 0x10);
}

static void test_edit_format_listing(void **state)
{
	struct hl_phdr flagged = text;
	char line[160];

	(void)state;
	flagged.flags |= HL_PF_HUGETLB;
	edit_format(line, sizeof(line), 3, &flagged);
	assert_string_equal(line, "Segment 3 0x1000 - 0x13f5 (TEXT) default is "
			    "HUGE pages, flags R-X");
	edit_format(line, sizeof(line), 5, &data);
	assert_string_equal(line, "Segment 5 0x3dd0 - 0xbdd0 (DATA) default is "
			    "BASE pages, flags RW-");
	edit_format(line, sizeof(line), 0, &rodata);
	assert_string_equal(line, "Segment 0 0x0 - 0x7c8 (TEXT) default is "
			    "BASE pages, flags R--");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edit_new_flags_text),
		cmocka_unit_test(test_edit_new_flags_data),
		cmocka_unit_test(test_edit_new_flags_clears_first),
		cmocka_unit_test(test_edit_format_listing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

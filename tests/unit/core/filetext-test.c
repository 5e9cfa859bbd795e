/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>
#include <string.h>

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
	assert_int_equal(ft.file_start, 0x200000);
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
	assert_int_equal(ft.file_start, 0x200000);
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
		{ PT_LOAD, PF_R | PF_X, 0x1000, 0x200000, 0x181, 0x181,
		  0x1000 },
	};
	struct hl_phdr big[] = {
		{ PT_LOAD, PF_R, 0, 0, 0x680, 0x680, 0x200000 },
		{ PT_LOAD, PF_R | PF_X, 0x2000, 0x200000, 0x80eac5, 0x80eac5,
		  0x1000 },
	};

	(void)state;
	assert_false(hl_filetext_needs_layout(hello, 2, M2));
	assert_true(hl_filetext_needs_layout(big, 2, M2));
	big[1].offset = 0x200000;
	assert_false(hl_filetext_needs_layout(big, 2, M2));
}

static struct hl_smaps_map map_of(const char *path, unsigned long start,
				  unsigned long offset, const char *perms,
				  uint64_t pmd)
{
	struct hl_smaps_map m = { 0 };

	m.line.start = start;
	m.line.end = start + 0x2000000;
	m.line.offset = offset;
	memcpy(m.line.perms, perms, 5);
	m.line.path = path;
	m.file_pmd = pmd;
	return m;
}

static void test_hl_filetext_count_own_file(void **state)
{
	struct hl_smaps_map m = map_of("/bin/prog", 0x55aa00200000, 0x200000,
				       "r-xp", 0x1e00000);
	struct hl_filetext_got got = { 0 };
	uint64_t delta = 0x200000 - 0x55aa00200000ull;

	(void)state;
	hl_filetext_count(&m, 0x55aa00200000, 0x55aa02200000, delta, &got);
	assert_true(got.seen);
	assert_false(got.foreign);
	assert_false(got.deleted);
	assert_int_equal(got.pmd, 0x1e00000);
	assert_true(got.unnamed_dev);
	/* A file system on a block device has a major number. */
	got = (struct hl_filetext_got){ 0 };
	m.line.major = 259;
	hl_filetext_count(&m, 0x55aa00200000, 0x55aa02200000, delta, &got);
	assert_false(got.unnamed_dev);
}

static void test_hl_filetext_count_not_the_file(void **state)
{
	uint64_t delta = 0x200000 - 0x55aa00200000ull;
	struct hl_smaps_map anon = map_of("", 0x55aa00200000, 0, "r-xp", 0);
	struct hl_smaps_map moved = map_of("/anon_hugepage (deleted)",
					   0x55aa00200000, 0, "r-xp", 0);
	struct hl_smaps_map elsewhere = map_of("/bin/prog", 0x55aa00200000,
					       0x400000, "r-xp", 0x200000);
	struct hl_smaps_map gone = map_of("/bin/prog (deleted)",
					  0x55aa00200000, 0x200000, "r-xp",
					  0x200000);
	struct hl_smaps_map away = map_of("/bin/prog", 0x7f0000000000,
					  0x200000, "r-xp", 0x200000);
	struct hl_filetext_got got = { 0 };

	(void)state;
	hl_filetext_count(&away, 0x55aa00200000, 0x55aa02200000, delta, &got);
	assert_false(got.seen);
	hl_filetext_count(&anon, 0x55aa00200000, 0x55aa02200000, delta, &got);
	assert_true(got.foreign);
	memset(&got, 0, sizeof(got));
	hl_filetext_count(&moved, 0x55aa00200000, 0x55aa02200000, delta, &got);
	assert_true(got.foreign);
	memset(&got, 0, sizeof(got));
	hl_filetext_count(&elsewhere, 0x55aa00200000, 0x55aa02200000, delta,
			  &got);
	assert_true(got.foreign);
	memset(&got, 0, sizeof(got));
	hl_filetext_count(&gone, 0x55aa00200000, 0x55aa02200000, delta, &got);
	assert_true(got.deleted);
}

static void test_hl_filetext_served_half(void **state)
{
	(void)state;
	assert_true(hl_filetext_served(16 << 20, 32 << 20));
	assert_true(hl_filetext_served(32 << 20, 32 << 20));
	assert_false(hl_filetext_served(14 << 20, 32 << 20));
	assert_false(hl_filetext_served(0, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_filetext_span_congruent_text),
		cmocka_unit_test(test_hl_filetext_span_compact_text),
		cmocka_unit_test(test_hl_filetext_span_unaligned_start),
		cmocka_unit_test(test_hl_filetext_span_small_or_writable),
		cmocka_unit_test(
			test_hl_filetext_needs_layout_only_when_whole_page),
		cmocka_unit_test(test_hl_filetext_count_own_file),
		cmocka_unit_test(test_hl_filetext_count_not_the_file),
		cmocka_unit_test(test_hl_filetext_served_half),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

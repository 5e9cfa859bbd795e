/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "loader/clip.h"

#define MIB ((uintptr_t)1 << 20)

/*
 * A range of three 2 MiB pages at 4 MiB.  The segment's memory runs from
 * 4 MiB + 8 KiB to 9 MiB; up to 8 MiB + 4 KiB (sparse) it came from the
 * file, at offset 0x3000 for its start, whose bytes up to 8 MiB are
 * mapped at 100 MiB.  A second area, the start of the heap, runs from
 * 9.5 MiB to the end.
 */
static struct remap_range range(void)
{
	struct remap_range s;

	memset(&s, 0, sizeof(s));
	s.target = 4 * MIB;
	s.len = 6 * MIB;
	s.scratch = 64 * MIB;
	s.ncopy = 2;
	s.copy[0] = (struct remap_copy){ 4 * MIB + 8192, 8 * MIB + 4096,
					 9 * MIB, 0x3000, 100 * MIB, 8 * MIB };
	s.copy[1] = (struct remap_copy){ 9 * MIB + MIB / 2, 9 * MIB + MIB / 2,
				      10 * MIB, -1, 0, 0 };
	return s;
}

static void test_ldr_range_clip_first_page(void **state)
{
	struct remap_range s = range(), part;

	(void)state;
	ldr_range_clip(&s, 4 * MIB, 2 * MIB, &part);
	assert_int_equal(part.target, s.target);
	assert_int_equal(part.scratch, s.scratch);
	assert_int_equal(part.len, s.len);
	assert_int_equal(part.copy[0].start, 4 * MIB + 8192);
	assert_int_equal(part.copy[0].end, 6 * MIB);
	assert_int_equal(part.copy[0].sparse, 6 * MIB);
	assert_int_equal(part.copy[0].file_off, 0x3000);
	assert_int_equal(part.copy[0].map, 100 * MIB);
	assert_int_equal(part.copy[0].map_end, 6 * MIB);
	/* The heap lies outside: nothing of it. */
	assert_true(part.copy[1].start == part.copy[1].end);
}

static void test_ldr_range_clip_moves_the_file_offset(void **state)
{
	struct remap_range s = range(), part;

	(void)state;
	ldr_range_clip(&s, 6 * MIB, 2 * MIB, &part);
	assert_int_equal(part.copy[0].start, 6 * MIB);
	assert_int_equal(part.copy[0].end, 8 * MIB);
	assert_int_equal(part.copy[0].sparse, 8 * MIB);
	assert_int_equal(part.copy[0].file_off,
			 0x3000 + (long)(2 * MIB - 8192));
	assert_int_equal(part.copy[0].map, 100 * MIB + 2 * MIB - 8192);
	assert_int_equal(part.copy[0].map_end, 8 * MIB);
}

static void test_ldr_range_clip_last_page(void **state)
{
	struct remap_range s = range(), part;

	(void)state;
	ldr_range_clip(&s, 8 * MIB, 2 * MIB, &part);
	assert_int_equal(part.copy[0].start, 8 * MIB);
	assert_int_equal(part.copy[0].end, 9 * MIB);
	/* Above sparse the memory was zero: the file part ends there. */
	assert_int_equal(part.copy[0].sparse, 8 * MIB + 4096);
	/* The mapping of the file ended before this page. */
	assert_int_equal(part.copy[0].map_end, 8 * MIB);
	assert_int_equal(part.copy[1].start, 9 * MIB + MIB / 2);
	assert_int_equal(part.copy[1].end, 10 * MIB);
	assert_int_equal(part.copy[1].file_off, -1);
	assert_int_equal(part.copy[1].map, 0);
}

static void test_ldr_range_clip_outside_every_area(void **state)
{
	struct remap_range s = range(), part;

	(void)state;
	s.copy[0].end = 5 * MIB;
	s.copy[0].sparse = 5 * MIB;
	s.copy[0].map_end = 5 * MIB;
	s.ncopy = 1;
	ldr_range_clip(&s, 6 * MIB, 2 * MIB, &part);
	assert_true(part.copy[0].start == part.copy[0].end);
	assert_true(part.copy[0].sparse == part.copy[0].end);
	assert_true(part.copy[0].map_end == part.copy[0].start);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ldr_range_clip_first_page),
		cmocka_unit_test(test_ldr_range_clip_moves_the_file_offset),
		cmocka_unit_test(test_ldr_range_clip_last_page),
		cmocka_unit_test(test_ldr_range_clip_outside_every_area),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

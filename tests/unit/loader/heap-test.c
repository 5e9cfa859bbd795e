/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "loader/heap.h"

#define MIB ((uintptr_t)1 << 20)

/*
 * The break, as the wrapped sbrk keeps it: sbrk(0) returns it, a growth
 * moves it unless the test says the kernel refuses.
 */
static uintptr_t brk_now;
static int refuse_growth;

void *__wrap_sbrk(intptr_t inc);
void *__wrap_sbrk(intptr_t inc)
{
	uintptr_t old = brk_now;

	if (inc && refuse_growth)
		return (void *)-1;
	brk_now += (uintptr_t)inc;
	return (void *)old;
}

static int setup(void **state)
{
	(void)state;
	brk_now = 0;
	refuse_growth = 0;
	return 0;
}

/* bss ends at 5.5 MiB; its huge pages reach 6 MiB. */
static const uintptr_t lo = 4 * MIB, seg_end = 5 * MIB + MIB / 2;

static void test_ldr_heap_make_room_heap_above_range(void **state)
{
	uintptr_t hi = 6 * MIB;
	struct remap_copy copy;

	(void)state;
	brk_now = 8 * MIB;
	assert_int_equal(ldr_heap_make_room(lo, &hi, seg_end, 8 * MIB - 4096,
				     2 * MIB, &copy), 0);
	assert_int_equal(hi, 6 * MIB);
	assert_int_equal(brk_now, 8 * MIB);
}

static void test_ldr_heap_make_room_carries_the_heap_over(void **state)
{
	uintptr_t hi = 6 * MIB, heap = seg_end + 4096;
	struct remap_copy copy;

	(void)state;
	brk_now = heap + 3 * 4096;
	assert_int_equal(ldr_heap_make_room(lo, &hi, seg_end, heap, 2 * MIB,
					    &copy), 1);
	assert_int_equal(hi, 6 * MIB);
	/* The break moved to the end of the huge pages. */
	assert_int_equal(brk_now, 6 * MIB);
	assert_int_equal(copy.start, heap);
	assert_int_equal(copy.end, 6 * MIB);
	assert_int_equal(copy.sparse, heap);
	assert_int_equal(copy.file_off, -1);
}

static void test_ldr_heap_make_room_empty_heap_starts_at_the_break(void **state)
{
	uintptr_t hi = 6 * MIB;
	struct remap_copy copy;

	(void)state;
	brk_now = seg_end + 8192;
	assert_int_equal(ldr_heap_make_room(lo, &hi, seg_end, 0, 2 * MIB,
					    &copy), 1);
	assert_int_equal(copy.start, seg_end + 8192);
	assert_int_equal(brk_now, 6 * MIB);
}

static void test_ldr_heap_make_room_shrinks_when_the_break_is_stuck(
	void **state)
{
	uintptr_t hi = 6 * MIB, heap = seg_end + 4096;
	struct remap_copy copy;

	(void)state;
	brk_now = heap + 4096;
	refuse_growth = 1;
	assert_int_equal(ldr_heap_make_room(lo, &hi, seg_end, heap, 2 * MIB,
					    &copy), 0);
	/* Down to the huge page below the heap: here, the range's start. */
	assert_int_equal(hi, 4 * MIB);
	assert_int_equal(brk_now, heap + 4096);
}

static void test_ldr_heap_make_room_heap_before_segment_end(void **state)
{
	uintptr_t hi = 6 * MIB;
	struct remap_copy copy;

	(void)state;
	brk_now = 5 * MIB;
	assert_int_equal(ldr_heap_make_room(lo, &hi, seg_end, 5 * MIB - 4096,
				     2 * MIB, &copy), 0);
	assert_int_equal(hi, 6 * MIB);
}

/*
 * One [heap] mapping from the anonymous part of bss on, bss and the heap
 * merged (Linux 5.10): the heap starts at the page after the segment.
 */
static void test_ldr_heap_make_room_heap_merged_with_bss(void **state)
{
	uintptr_t hi = 6 * MIB;
	struct remap_copy copy;

	(void)state;
	brk_now = seg_end + 5 * 4096;
	assert_int_equal(ldr_heap_make_room(lo, &hi, seg_end, 5 * MIB, 2 * MIB,
				     &copy), 1);
	assert_int_equal(hi, 6 * MIB);
	assert_int_equal(brk_now, 6 * MIB);
	assert_int_equal(copy.start, seg_end);
	assert_int_equal(copy.sparse, seg_end);
	assert_int_equal(copy.end, 6 * MIB);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(
			test_ldr_heap_make_room_heap_above_range, setup),
		cmocka_unit_test_setup(
			test_ldr_heap_make_room_carries_the_heap_over, setup),
		cmocka_unit_test_setup(
			test_ldr_heap_make_room_empty_heap_starts_at_the_break,
			setup),
		cmocka_unit_test_setup(
			test_ldr_heap_make_room_shrinks_when_the_break_is_stuck,
			setup),
		cmocka_unit_test_setup(
			test_ldr_heap_make_room_heap_before_segment_end, setup),
		cmocka_unit_test_setup(
			test_ldr_heap_make_room_heap_merged_with_bss, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

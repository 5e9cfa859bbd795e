/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <cmocka.h>

#include "remap/remap.h"

/*
 * The copies work on any memory: these tests use ordinary anonymous
 * mappings, with "huge pages" of 64 KiB where a page size is asked for.
 */
#define BASE ((size_t)4096)
#define PAGE ((size_t)64 << 10)
#define LEN (4 * PAGE)
#define ALIGN ((size_t)2 << 20)

static char *map(size_t len)
{
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_true(p != MAP_FAILED);
	return p;
}

/* The range of LEN bytes at P, in pages of PAGE. */
static struct remap_snap_range range_at(char *p)
{
	struct remap_snap_range at = { (uintptr_t)p, LEN, PAGE,
				    PROT_READ | PROT_WRITE };

	return at;
}

/* Bytes here and there, and whole pages of zeros. */
static void fill(char *p)
{
	memset(p, 0, LEN);
	memset(p + 100, 0x5a, 3 * BASE);
	p[PAGE + 7] = 1;
	p[LEN - 1] = 2;
}

/* Base pages of [P, P + LEN) in memory. */
static int resident(const char *p, size_t len)
{
	unsigned char v[LEN / BASE];
	int n = 0;

	assert_int_equal(mincore((void *)p, len, v), 0);
	for (size_t i = 0; i < len / BASE; i++)
		n += v[i] & 1;
	return n;
}

static void test_remap_snap_make_copies_every_byte(void **state)
{
	char *p = map(LEN);
	struct remap_snap_range at = range_at(p);
	uintptr_t s;

	(void)state;
	fill(p);
	s = remap_snap_make(&at, BASE, ALIGN, 1);
	assert_true(s != 0);
	assert_int_equal(s % ALIGN, 0);
	assert_memory_equal((const void *)s, p, LEN);
	remap_snap_drop(s, &at);
	munmap(p, LEN);
}

/* A snapshot of fill()'s bytes, advised for THP or not, writes only the
 * base pages with data, and copies every byte. */
static void check_pages_of_zeros_unwritten(int thp)
{
	char *p = map(LEN);
	struct remap_snap_range at = range_at(p);
	uintptr_t s;

	fill(p);
	s = remap_snap_make(&at, BASE, ALIGN, thp);
	assert_true(s != 0);
	/* Pages 0-3 hold the 0x5a run, PAGE + 7 one more, LEN - 1 the last. */
	assert_int_equal(resident((const char *)s, LEN), 6);
	assert_memory_equal((const void *)s, p, LEN);
	remap_snap_drop(s, &at);
	munmap(p, LEN);
}

static void test_remap_snap_make_leaves_pages_of_zeros_unwritten(void **state)
{
	(void)state;
	check_pages_of_zeros_unwritten(0);
}

/* Whether the base page at P is in memory. */
static int in_memory(const char *p)
{
	unsigned char v;

	assert_int_equal(mincore((void *)p, BASE, &v), 0);
	return v & 1;
}

/* A range smaller than THP's page holds no block of it: nothing but the
 * pages with data is written, even in memory advised for THP. */
static void test_remap_snap_make_part_block_no_end_write(void **state)
{
	(void)state;
	check_pages_of_zeros_unwritten(1);
}

/*
 * Advised for THP, a block that receives data is first written at its
 * end; a block of zeros is not written at all.  With THP turned off for
 * the process the kernel gives base pages, so that the first write
 * shows as a base page in memory.
 */
static void test_remap_snap_make_block_written_at_end_first(void **state)
{
	size_t len = 2 * ALIGN;
	char *p = map(len);
	struct remap_snap_range at = { (uintptr_t)p, len, PAGE,
				    PROT_READ | PROT_WRITE };
	uintptr_t s;

	(void)state;
	memset(p, 0, len);
	p[5] = 1;
	assert_int_equal(prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0), 0);
	s = remap_snap_make(&at, BASE, ALIGN, 1);
	assert_int_equal(prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0), 0);
	assert_true(s != 0);
	assert_true(in_memory((const char *)s + ALIGN - BASE));
	for (size_t off = ALIGN; off < len; off += BASE)
		assert_false(in_memory((const char *)s + off));
	assert_memory_equal((const void *)s, p, len);
	remap_snap_drop(s, &at);
	munmap(p, len);
}

static void test_remap_snap_put_replaces_the_range(void **state)
{
	char *p = map(LEN), want[LEN];
	struct remap_snap_range at = range_at(p);
	unsigned char v;
	uintptr_t s;

	(void)state;
	fill(p);
	memcpy(want, p, LEN);
	s = remap_snap_make(&at, BASE, ALIGN, 0);
	assert_true(s != 0);
	memset(p, 0x77, LEN);
	assert_int_equal(remap_snap_put(s, &at), 0);
	assert_memory_equal(p, want, LEN);
	/* The copy moved: nothing is mapped where it was. */
	assert_int_equal(mincore((void *)s, BASE, &v), -1);
	munmap(p, LEN);
}

static void test_remap_snap_move_keeps_contents_in_place(void **state)
{
	char *p = map(LEN), want[LEN];
	struct remap_snap_range at = range_at(p);

	(void)state;
	fill(p);
	memcpy(want, p, LEN);
	assert_int_equal(remap_snap_move(&at, BASE, 0, NULL), 0);
	assert_memory_equal(p, want, LEN);
	munmap(p, LEN);
}

static void test_remap_snap_move_reads_from_a_copy(void **state)
{
	char *p = map(LEN), *from = map(LEN);
	struct remap_snap_range at = range_at(p);

	(void)state;
	fill(from);
	memset(p, 0x77, LEN);
	assert_int_equal(remap_snap_move(&at, BASE, (uintptr_t)from, NULL), 0);
	assert_memory_equal(p, from, LEN);
	munmap(p, LEN);
	munmap(from, LEN);
}

/* A page the process had before and has no more cannot be had. */
static void test_remap_snap_move_counts_pages_lost(void **state)
{
	char *p = map(LEN);
	struct remap_snap_range at = range_at(p);
	unsigned char had[LEN / PAGE];

	(void)state;
	memset(p, 1, LEN);
	remap_snap_presence(&at, BASE, had);
	assert_memory_equal(had, "\1\1\1\1", sizeof(had));
	madvise(p + PAGE, PAGE, MADV_DONTNEED);
	madvise(p + 3 * PAGE, PAGE, MADV_DONTNEED);
	assert_int_equal(remap_snap_move(&at, BASE, 0, had), 2);
	assert_int_equal(p[0], 1);
	assert_int_equal(p[PAGE], 0);
	assert_int_equal(p[2 * PAGE + PAGE - 1], 1);
	munmap(p, LEN);
}

/* A page nobody had reads as zeros before and after. */
static void test_remap_snap_move_a_page_never_there_is_not_lost(void **state)
{
	char *p = map(LEN);
	struct remap_snap_range at = range_at(p);
	unsigned char had[LEN / PAGE];

	(void)state;
	memset(p, 1, PAGE);
	remap_snap_presence(&at, BASE, had);
	assert_memory_equal(had, "\1\0\0\0", sizeof(had));
	assert_int_equal(remap_snap_move(&at, BASE, 0, had), 0);
	assert_int_equal(p[PAGE - 1], 1);
	assert_int_equal(p[PAGE], 0);
	munmap(p, LEN);
}

/* A page the program may not read is not read: it is zeros in the copy. */
static void test_remap_snap_make_skips_pages_it_may_not_read(void **state)
{
	char *p = map(LEN);
	struct remap_snap_range at = range_at(p);
	uintptr_t s;

	(void)state;
	memset(p, 1, LEN);
	assert_int_equal(mprotect(p + PAGE, PAGE, PROT_NONE), 0);
	s = remap_snap_make(&at, BASE, ALIGN, 0);
	assert_true(s != 0);
	assert_int_equal(((char *)s)[PAGE - 1], 1);
	assert_int_equal(((char *)s)[PAGE], 0);
	assert_int_equal(((char *)s)[2 * PAGE], 1);
	remap_snap_drop(s, &at);
	munmap(p, LEN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_remap_snap_make_copies_every_byte),
		cmocka_unit_test(
			test_remap_snap_make_leaves_pages_of_zeros_unwritten),
		cmocka_unit_test(
			test_remap_snap_make_skips_pages_it_may_not_read),
		cmocka_unit_test(test_remap_snap_make_part_block_no_end_write),
		cmocka_unit_test(
			test_remap_snap_make_block_written_at_end_first),
		cmocka_unit_test(test_remap_snap_put_replaces_the_range),
		cmocka_unit_test(test_remap_snap_move_keeps_contents_in_place),
		cmocka_unit_test(test_remap_snap_move_reads_from_a_copy),
		cmocka_unit_test(test_remap_snap_move_counts_pages_lost),
		cmocka_unit_test(
			test_remap_snap_move_a_page_never_there_is_not_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

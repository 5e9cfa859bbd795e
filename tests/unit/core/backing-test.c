/* SPDX-License-Identifier: MIT */
/*
 * hl_backing_take and friends: the rules that put each range on the
 * hugetlb pool, transparent huge pages or base pages, and the reasons.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>
#include <string.h>

#include "core/backing.h"

#define M2 ((size_t)2 << 20)
#define G1 ((size_t)1 << 30)

/* A machine with THP and a pool of 2M pages that can give POOL2M. */
static struct hl_backing_env env_with(long pool2m)
{
	struct hl_backing_env env;

	memset(&env, 0, sizeof(env));
	env.mode = HL_BACKING_AUTO;
	env.hugetlb_move = true;
	env.thp_page = M2;
	hl_backing_add_pool(&env, M2, pool2m);
	hl_backing_add_pool(&env, G1, 0);
	return env;
}

static void test_hl_backing_take_read_only_prefers_the_pool(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c = hl_backing_take(&env, HL_CLASS_R, M2, 4);

	(void)state;
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	assert_int_equal(c.obstacles, 0);
	assert_int_equal(hl_backing_pool(&env, M2)->avail, 6);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 4);
}

static void test_hl_backing_take_writable_prefers_thp(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c = hl_backing_take(&env, HL_CLASS_W, M2, 4);

	(void)state;
	assert_int_equal(c.backing, HL_BACK_THP);
	assert_int_equal(c.obstacles, 0);
	/* The pool was not asked. */
	assert_int_equal(hl_backing_pool(&env, M2)->avail, 10);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 0);
}

static void test_hl_backing_take_short_pool_splits(void **state)
{
	struct hl_backing_env env = env_with(3);
	struct hl_backing_choice a, b, c;

	(void)state;
	a = hl_backing_take(&env, HL_CLASS_R, M2, 2);
	b = hl_backing_take(&env, HL_CLASS_R, M2, 2);
	c = hl_backing_take(&env, HL_CLASS_R, M2, 1);
	assert_int_equal(a.backing, HL_BACK_HUGETLB);
	assert_int_equal(b.backing, HL_BACK_THP);
	assert_int_equal(b.obstacles, HL_OBST_POOL);
	/* What is left still serves a range it covers. */
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 5);
	assert_int_equal(hl_backing_pool(&env, M2)->start, 3);
}

static void test_hl_backing_take_writable_pool_when_no_thp(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c;

	(void)state;
	env.thp_page = 0;
	c = hl_backing_take(&env, HL_CLASS_W, M2, 4);
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	assert_int_equal(c.obstacles, HL_OBST_THP_OFF);
}

static void test_hl_backing_take_writable_gigantic_is_hugetlb(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c;

	(void)state;
	hl_backing_pool(&env, G1)->avail = 1;
	c = hl_backing_take(&env, HL_CLASS_W, G1, 1);
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	assert_int_equal(c.obstacles, HL_OBST_THP_SIZE);
	/* Without the pool, THP has no 1G pages: base pages. */
	c = hl_backing_take(&env, HL_CLASS_W, G1, 1);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_THP_SIZE | HL_OBST_POOL);
}

static void test_hl_backing_take_static_writable_never_hugetlb(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c;

	(void)state;
	env.is_static = true;
	c = hl_backing_take(&env, HL_CLASS_W, M2, 4);
	assert_int_equal(c.backing, HL_BACK_THP);
	env.mode = HL_BACKING_HUGETLB;
	c = hl_backing_take(&env, HL_CLASS_W, M2, 4);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_STATIC | HL_OBST_ONLY_HUGETLB);
	/* Read-only ranges of a static program are not concerned. */
	c = hl_backing_take(&env, HL_CLASS_R, M2, 4);
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 4);
}

static void test_hl_backing_take_library_writable_never_hugetlb(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c;

	(void)state;
	env.is_library = true;
	env.thp_page = 0;
	c = hl_backing_take(&env, HL_CLASS_W, M2, 4);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_THP_OFF | HL_OBST_LIBRARY);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 0);
	/* A library's read-only ranges take the pool as a program's do. */
	c = hl_backing_take(&env, HL_CLASS_R, M2, 4);
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
}

static void test_hl_backing_take_no_move(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c;

	(void)state;
	env.hugetlb_move = false;
	/* Read-only ranges are mapped over their targets: no move needed. */
	c = hl_backing_take(&env, HL_CLASS_R, M2, 2);
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	env.mode = HL_BACKING_HUGETLB;
	c = hl_backing_take(&env, HL_CLASS_W, M2, 2);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_NO_MOVE | HL_OBST_ONLY_HUGETLB);
	env.mode = HL_BACKING_AUTO;
	env.thp_page = 0;
	c = hl_backing_take(&env, HL_CLASS_W, M2, 2);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_THP_OFF | HL_OBST_NO_MOVE);
}

static void test_hl_backing_take_modes(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c;

	(void)state;
	env.mode = HL_BACKING_THP;
	c = hl_backing_take(&env, HL_CLASS_R, M2, 2);
	assert_int_equal(c.backing, HL_BACK_THP);
	assert_int_equal(hl_backing_pool(&env, M2)->avail, 10);
	env.thp_page = 0;
	c = hl_backing_take(&env, HL_CLASS_R, M2, 2);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_THP_OFF | HL_OBST_ONLY_THP);
	env.mode = HL_BACKING_HUGETLB;
	env.thp_page = M2;
	c = hl_backing_take(&env, HL_CLASS_W, M2, 2);
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	hl_backing_pool(&env, M2)->avail = 0;
	c = hl_backing_take(&env, HL_CLASS_R, M2, 2);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_POOL | HL_OBST_ONLY_HUGETLB);
	/* The page cache or nothing: no copy, and the pool is not asked. */
	env.mode = HL_BACKING_FILE;
	hl_backing_pool(&env, M2)->avail = 10;
	c = hl_backing_take(&env, HL_CLASS_R, M2, 2);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_ONLY_FILE);
	assert_int_equal(hl_backing_pool(&env, M2)->avail, 10);
}

static void test_hl_backing_refuse_counts_once(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice c = hl_backing_take(&env, HL_CLASS_R, M2, 4);

	(void)state;
	assert_int_equal(c.backing, HL_BACK_HUGETLB);
	assert_int_equal(c.counted, 4);
	hl_backing_refuse(&env, &c, M2);
	c = hl_backing_take(&env, HL_CLASS_R, M2, 4);
	assert_int_equal(c.backing, HL_BACK_THP);
	assert_int_equal(c.obstacles, HL_OBST_POOL);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 4);
	hl_backing_refuse(&env, &c, M2);
	assert_int_equal(env.thp_page, 0);
	c = hl_backing_take(&env, HL_CLASS_R, M2, 4);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 4);
}

/* A writable range tries THP before the pool: a refusal of THP leaves
 * nothing counted to take back. */
static void test_hl_backing_refuse_thp_first(void **state)
{
	struct hl_backing_env env = env_with(0);
	struct hl_backing_choice c = hl_backing_take(&env, HL_CLASS_W, M2, 4);

	(void)state;
	assert_int_equal(c.backing, HL_BACK_THP);
	assert_int_equal(c.counted, 0);
	hl_backing_refuse(&env, &c, M2);
	c = hl_backing_take(&env, HL_CLASS_W, M2, 4);
	assert_int_equal(c.backing, HL_BACK_BASE);
	assert_int_equal(c.obstacles, HL_OBST_THP_OFF | HL_OBST_POOL);
	assert_int_equal(hl_backing_pool(&env, M2)->wanted, 4);
}

static void test_hl_backing_plan_skips_segments_left_alone(void **state)
{
	struct hl_backing_env env = env_with(10);
	struct hl_backing_choice out[HL_MAX_SEGS];
	struct hl_plan plan;

	(void)state;
	memset(&plan, 0, sizeof(plan));
	plan.nseg = 3;
	plan.seg[0] = (struct hl_seg){ .cls = HL_CLASS_R, .page = M2,
				       .remap = true, .map_start = 0,
				       .map_end = 2 * M2 };
	plan.seg[1] = (struct hl_seg){ .cls = HL_CLASS_R, .page = M2 };
	plan.seg[2] = (struct hl_seg){ .cls = HL_CLASS_W, .page = M2,
				       .remap = true, .map_start = 4 * M2,
				       .map_end = 8 * M2 };
	hl_backing_plan(&env, &plan, out);
	assert_int_equal(out[0].backing, HL_BACK_HUGETLB);
	assert_int_equal(out[1].backing, HL_BACK_BASE);
	assert_int_equal(out[1].obstacles, 0);
	assert_int_equal(out[2].backing, HL_BACK_THP);
	assert_int_equal(hl_backing_pool(&env, M2)->avail, 8);
}

static void test_hl_phdrs_static(void **state)
{
	struct hl_phdr dyn[2] = { { .type = PT_PHDR }, { .type = PT_INTERP } };
	struct hl_phdr stat[2] = { { .type = PT_LOAD }, { .type = PT_TLS } };

	(void)state;
	assert_false(hl_phdrs_static(dyn, 2));
	assert_true(hl_phdrs_static(stat, 2));
}

static void test_hl_backing_name_of_each_backing(void **state)
{
	(void)state;
	assert_string_equal(hl_backing_name(HL_BACK_HUGETLB), "hugetlb");
	assert_string_equal(hl_backing_name(HL_BACK_THP), "thp");
	assert_string_equal(hl_backing_name(HL_BACK_BASE), "base");
}

static void test_hl_obstacle_text_of_each_obstacle(void **state)
{
	(void)state;
	for (unsigned bit = 1; bit < 1u << HL_OBST_COUNT; bit <<= 1)
		assert_string_not_equal(hl_obstacle_text(bit), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_hl_backing_take_read_only_prefers_the_pool),
		cmocka_unit_test(test_hl_backing_take_writable_prefers_thp),
		cmocka_unit_test(test_hl_backing_take_short_pool_splits),
		cmocka_unit_test(
			test_hl_backing_take_writable_pool_when_no_thp),
		cmocka_unit_test(
			test_hl_backing_take_writable_gigantic_is_hugetlb),
		cmocka_unit_test(
			test_hl_backing_take_static_writable_never_hugetlb),
		cmocka_unit_test(
			test_hl_backing_take_library_writable_never_hugetlb),
		cmocka_unit_test(test_hl_backing_take_no_move),
		cmocka_unit_test(test_hl_backing_take_modes),
		cmocka_unit_test(test_hl_backing_refuse_counts_once),
		cmocka_unit_test(test_hl_backing_refuse_thp_first),
		cmocka_unit_test(
			test_hl_backing_plan_skips_segments_left_alone),
		cmocka_unit_test(test_hl_phdrs_static),
		cmocka_unit_test(test_hl_backing_name_of_each_backing),
		cmocka_unit_test(test_hl_obstacle_text_of_each_obstacle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

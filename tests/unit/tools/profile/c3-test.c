/* SPDX-License-Identifier: MIT */
/*
 * pf_c3_order: call-chain clustering, merged along the heaviest callers
 * under the cluster limit, clusters densest first.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "tools/profile/c3.h"

#define ORDER(...) ((const uint32_t[]){ __VA_ARGS__ })

static void assert_order(const struct pf_c3_func *f, size_t n,
			 const struct pf_c3_edge *e, size_t ne, uint64_t limit,
			 const uint32_t *want, long nwant)
{
	uint32_t got[16];
	long k = pf_c3_order(f, n, e, ne, limit, got);

	assert_int_equal(k, nwant);
	for (long i = 0; i < k; i++)
		assert_int_equal(got[i], want[i]);
}

static void test_pf_c3_order_no_edges_is_by_density(void **state)
{
	const struct pf_c3_func f[] = { { 100, 10 }, { 10, 5 }, { 1000, 0 },
					{ 50, 50 } };

	(void)state;
	assert_order(f, 4, NULL, 0, 4096, ORDER(3, 1, 0), 3);
}

static void test_pf_c3_order_callee_follows_its_caller(void **state)
{
	/* 0 calls 1 and 2; 3 calls 2 less often.  Hottest first: 2 joins
	 * 0's cluster, then 1 does. */
	const struct pf_c3_func f[] = { { 100, 1 }, { 100, 20 }, { 100, 30 },
					{ 100, 1 } };
	const struct pf_c3_edge e[] = { { 0, 1, 20 }, { 0, 2, 25 },
					{ 3, 2, 5 } };

	(void)state;
	assert_order(f, 4, e, 3, 4096, ORDER(0, 2, 1, 3), 4);
}

static void test_pf_c3_order_weights_of_one_pair_add(void **state)
{
	/* 2 is called by 0 twice (2 samples) and by 1 once with weight 1. */
	const struct pf_c3_func f[] = { { 10, 0 }, { 10, 0 }, { 10, 9 } };
	const struct pf_c3_edge e[] = { { 1, 2, 1 }, { 0, 2, 1 }, { 0, 2, 1 } };

	(void)state;
	assert_order(f, 3, e, 3, 4096, ORDER(0, 2, 1), 3);
}

static void test_pf_c3_order_limit_stops_merge(void **state)
{
	const struct pf_c3_func f[] = { { 3000, 1 }, { 2000, 100 } };
	const struct pf_c3_edge e[] = { { 0, 1, 100 } };

	(void)state;
	assert_order(f, 2, e, 1, 4096, ORDER(1, 0), 2);
	assert_order(f, 2, e, 1, 5000, ORDER(0, 1), 2);
}

static void test_pf_c3_order_ignores_self_calls(void **state)
{
	const struct pf_c3_func f[] = { { 10, 0 }, { 10, 5 } };
	const struct pf_c3_edge e[] = { { 1, 1, 100 } };

	(void)state;
	assert_order(f, 2, e, 1, 4096, ORDER(1), 1);
}

static void test_pf_c3_order_caller_without_samples_is_hot(void **state)
{
	const struct pf_c3_func f[] = { { 10, 0 }, { 10, 0 }, { 10, 7 } };
	const struct pf_c3_edge e[] = { { 1, 2, 7 } };

	(void)state;
	assert_order(f, 3, e, 1, 4096, ORDER(1, 2), 2);
}

static void test_pf_c3_order_empty(void **state)
{
	uint32_t got[1];

	(void)state;
	assert_int_equal(pf_c3_order(NULL, 0, NULL, 0, 4096, got), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pf_c3_order_no_edges_is_by_density),
		cmocka_unit_test(test_pf_c3_order_callee_follows_its_caller),
		cmocka_unit_test(test_pf_c3_order_weights_of_one_pair_add),
		cmocka_unit_test(test_pf_c3_order_limit_stops_merge),
		cmocka_unit_test(test_pf_c3_order_ignores_self_calls),
		cmocka_unit_test(
			test_pf_c3_order_caller_without_samples_is_hot),
		cmocka_unit_test(test_pf_c3_order_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

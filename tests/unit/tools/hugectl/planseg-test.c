/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "tools/hugectl/planseg.h"

/* A plan of N segments, numbered from 1, each with its WHY and moved
 * where WHY is HL_WHY_FULL. */
static void plan_of(struct hl_plan *plan, const enum hl_why *why, int n)
{
	memset(plan, 0, sizeof(*plan));
	plan->nseg = n;
	for (int i = 0; i < n; i++) {
		plan->seg[i].phdr = i + 1;
		plan->seg[i].why = why[i];
		plan->seg[i].remap = why[i] == HL_WHY_FULL;
	}
}

static void test_ctl_refusals_text_groups_by_reason(void **state)
{
	static const enum hl_why why[] = {
		HL_WHY_NOT_ASKED, HL_WHY_SHARES_PAGE, HL_WHY_FULL,
		HL_WHY_SHARES_PAGE, HL_WHY_SPARSE, HL_WHY_SHARES_PAGE,
	};
	struct hl_plan plan;
	char buf[CTL_REFUSALS_LEN], want[CTL_REFUSALS_LEN];

	(void)state;
	plan_of(&plan, why, 6);
	assert_int_equal(ctl_refusals_text(&plan, buf, sizeof(buf)), 4);
	snprintf(want, sizeof(want), "segments 2, 4 and 6: %s; segment 5: %s",
		 hl_why_text(HL_WHY_SHARES_PAGE),
		 hl_why_text(HL_WHY_SPARSE));
	assert_string_equal(buf, want);
}

static void test_ctl_refusals_text_two_and_none(void **state)
{
	static const enum hl_why two[] = { HL_WHY_SPARSE,
					   HL_WHY_SPARSE };
	static const enum hl_why none[] = { HL_WHY_FULL, HL_WHY_DISABLED };
	struct hl_plan plan;
	char buf[CTL_REFUSALS_LEN], want[CTL_REFUSALS_LEN];

	(void)state;
	plan_of(&plan, two, 2);
	assert_int_equal(ctl_refusals_text(&plan, buf, sizeof(buf)), 2);
	snprintf(want, sizeof(want), "segments 1 and 2: %s",
		 hl_why_text(HL_WHY_SPARSE));
	assert_string_equal(buf, want);
	plan_of(&plan, none, 2);
	assert_int_equal(ctl_refusals_text(&plan, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
}

static void test_ctl_refusals_text_cut_short(void **state)
{
	static const enum hl_why why[] = { HL_WHY_SHARES_PAGE,
					   HL_WHY_SPARSE };
	struct hl_plan plan;
	char buf[12];

	(void)state;
	plan_of(&plan, why, 2);
	assert_int_equal(ctl_refusals_text(&plan, buf, sizeof(buf)), 2);
	assert_string_equal(buf, "segment 1: ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_refusals_text_groups_by_reason),
		cmocka_unit_test(test_ctl_refusals_text_two_and_none),
		cmocka_unit_test(test_ctl_refusals_text_cut_short),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

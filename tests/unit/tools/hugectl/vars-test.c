/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tools/hugectl/vars.h"

/* V holding CTL_MAX_NOTES notes of LEVEL. */
static void fill(struct ctl_vars *v, int level)
{
	memset(v, 0, sizeof(*v));
	for (int i = 0; i < CTL_MAX_NOTES; i++)
		ctl_note(v, level, "note %d", i);
	assert_int_equal(v->nnote, CTL_MAX_NOTES);
}

/* A warning beyond the room takes the place of the last note shown only
 * at -v, and the one it replaces is counted. */
static void test_ctl_note_warning_replaces_info(void **state)
{
	static struct ctl_vars v;

	(void)state;
	fill(&v, HL_V_INFO);
	ctl_note(&v, HL_V_WARN, "the warning");
	assert_int_equal(v.nnote, CTL_MAX_NOTES);
	assert_string_equal(v.note[CTL_MAX_NOTES - 1].text, "the warning");
	assert_string_equal(v.note[CTL_MAX_NOTES - 2].text, "note 62");
	assert_int_equal(v.dropped[HL_V_INFO], 1);
	assert_int_equal(v.dropped[HL_V_WARN], 0);
}

/* A note beyond the room that shows no sooner than those kept is left
 * out, and counted. */
static void test_ctl_note_info_left_out(void **state)
{
	static struct ctl_vars v;

	(void)state;
	fill(&v, HL_V_WARN);
	ctl_note(&v, HL_V_INFO, "an info");
	ctl_note(&v, HL_V_WARN, "a warning");
	assert_string_equal(v.note[CTL_MAX_NOTES - 1].text, "note 63");
	assert_int_equal(v.dropped[HL_V_INFO], 1);
	assert_int_equal(v.dropped[HL_V_WARN], 1);
	ctl_vars_free(&v);
	assert_int_equal(v.dropped[HL_V_INFO], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_note_warning_replaces_info),
		cmocka_unit_test(test_ctl_note_info_left_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

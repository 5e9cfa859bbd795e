/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "tools/hugectl/ldtrust.h"

/* The test itself stands for the program, and for a library listed. */
#define SELF "/proc/self/exe"
#define LDSO "/lib64/ld-linux-x86-64.so.2"

static void test_ctl_ldlist_trusted_takes_a_clean_list(void **state)
{
	struct ctl_loaded lib[] = {
		{ (char *)"libself.so", (char *)SELF },
		{ (char *)"libgone.so.2", NULL },
	};
	struct ctl_ldlist l = { lib, 2 };
	struct el_file prog;
	char why[300];

	(void)state;
	assert_int_equal(el_open(&prog, SELF), 0);
	assert_int_equal(ctl_ldlist_trusted(&l, &prog, LDSO, SELF, "/a:/b",
					    "x.so", why, sizeof(why)), 0);
	el_close(&prog);
}

/* A control character anywhere the loader prints from refuses the
 * list, naming where. */
static void test_ctl_ldlist_trusted_refuses_control_characters(void **state)
{
	struct ctl_loaded lib[] = { { (char *)"lib\rx.so", (char *)SELF } };
	struct ctl_ldlist l = { lib, 1 }, none = { NULL, 0 };
	struct el_file prog;
	char why[300];

	(void)state;
	assert_int_equal(el_open(&prog, SELF), 0);
	assert_int_equal(ctl_ldlist_trusted(&l, &prog, LDSO, SELF, NULL, NULL,
					    why, sizeof(why)), -1);
	assert_string_equal(why, "lib\rx.so: the name listed \"lib\rx.so\" "
			    "holds a control character, which the loader "
			    "prints raw");
	assert_int_equal(ctl_ldlist_trusted(&none, &prog, LDSO, SELF, "/a\n/b",
					    NULL, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "LD_LIBRARY_PATH: its value"));
	assert_int_equal(ctl_ldlist_trusted(&none, &prog, LDSO, SELF, NULL,
					    "a.so\x1b", why, sizeof(why)), -1);
	assert_non_null(strstr(why, "LD_PRELOAD: its value"));
	assert_int_equal(ctl_ldlist_trusted(&none, &prog, LDSO, "/x\ty", NULL,
					    NULL, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "its path"));
	assert_int_equal(ctl_ldlist_trusted(&none, &prog, "/ld\n\tx.so",
					    SELF, NULL, NULL, why,
					    sizeof(why)), -1);
	assert_non_null(strstr(why, "its PT_INTERP"));
	el_close(&prog);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_ldlist_trusted_takes_a_clean_list),
		cmocka_unit_test(test_ctl_ldlist_trusted_refuses_control_characters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

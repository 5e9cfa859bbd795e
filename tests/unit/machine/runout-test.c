/* SPDX-License-Identifier: MIT */
/*
 * mach_run_output: what a program prints, and why there is nothing when
 * it fails, is killed, or says too much.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "machine/runout.h"

#define SH "/bin/sh"

/* SCRIPT run by the shell, with ENVP, for SECONDS, MAX bytes read. */
static char *run(const char *script, char *const envp[], unsigned seconds,
		 size_t max, char *why, size_t len)
{
	char *const argv[] = { (char *)SH, (char *)"-c", (char *)script,
			       NULL };

	why[0] = '\0';
	return mach_run_output(SH, argv, envp, seconds, max, why, len);
}

static void test_mach_run_output_reads_all_in_its_environment(void **state)
{
	char *const envp[] = { (char *)"WORD=hi", NULL };
	char why[100], *text;

	(void)state;
	text = run("read x || echo \"$WORD, stdin empty\"; exit 3", envp, 10,
		   100, why, sizeof(why));
	assert_non_null(text);
	assert_string_equal(text, "hi, stdin empty\n");
	free(text);
}

static void test_mach_run_output_failed_silent(void **state)
{
	char *const envp[] = { NULL };
	char why[100];

	(void)state;
	assert_null(run("exit 3", envp, 10, 100, why, sizeof(why)));
	assert_string_equal(why, "it exited 3 and printed nothing");
	assert_null(run("kill -TERM $$", envp, 10, 100, why, sizeof(why)));
	assert_string_equal(why, "it was killed by signal 15");
}

static void test_mach_run_output_too_long(void **state)
{
	char *const envp[] = { NULL };
	char why[100];

	(void)state;
	assert_null(run("sleep 5", envp, 1, 100, why, sizeof(why)));
	assert_string_equal(why, "it was killed by signal 14, after 1 seconds");
	assert_null(run("echo 0123456789", envp, 10, 4, why, sizeof(why)));
	assert_non_null(strstr(why, "reading its output: "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_mach_run_output_reads_all_in_its_environment),
		cmocka_unit_test(test_mach_run_output_failed_silent),
		cmocka_unit_test(test_mach_run_output_too_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

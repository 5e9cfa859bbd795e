/* SPDX-License-Identifier: MIT */
/*
 * mach_status_parse: the fields the runtime needs, from a status file as
 * the kernel writes it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <cmocka.h>

#include "machine/status.h"

static const char status[] =
	"Name:\tprog\n"
	"Umask:\t0022\n"
	"State:\tR (running)\n"
	"Tgid:\t4242\n"
	"Pid:\t4242\n"
	"PPid:\t1\n"
	"TracerPid:\t4100\n"
	"Uid:\t0\t0\t0\t0\n"
	"VmPeak:\t    2440 kB\n"
	"Threads:\t3\n"
	"SigQ:\t0/95834\n"
	"THP_enabled:\t0\n"
	"Speculation_Store_Bypass:\tthread vulnerable\n";

static void test_mach_status_parse_fields(void **state)
{
	struct mach_status st;

	(void)state;
	mach_status_parse(status, &st);
	assert_int_equal(st.threads, 3);
	assert_int_equal(st.tracer, 4100);
	assert_int_equal(st.thp_enabled, 0);
}

static void test_mach_status_parse_defaults(void **state)
{
	struct mach_status st;

	(void)state;
	/* An old kernel: no THP_enabled line. */
	mach_status_parse("Name:\tprog\nTracerPid:\t0\nThreads:\t1\n", &st);
	assert_int_equal(st.threads, 1);
	assert_int_equal(st.tracer, 0);
	assert_int_equal(st.thp_enabled, 1);
	/* Nothing read at all. */
	mach_status_parse("", &st);
	assert_int_equal(st.threads, -1);
	assert_int_equal(st.thp_enabled, 1);
}

static void test_mach_status_parse_whole_keys_only(void **state)
{
	struct mach_status st;

	(void)state;
	/* A key that only starts like one, or a value that is no number. */
	mach_status_parse("Threadsx:\t9\nThreads:\tmany\nTracerPid:\n", &st);
	assert_int_equal(st.threads, -1);
	assert_int_equal(st.tracer, 0);
}

static void test_mach_status_read_self(void **state)
{
	struct mach_status st;

	(void)state;
	mach_status_read(&st);
	assert_int_equal(st.threads, 1);
}

static void test_mach_status_thp_of(void **state)
{
	(void)state;
	assert_int_equal(mach_status_thp_of(0), 1);
	/* Off for the whole process. */
	assert_int_equal(mach_status_thp_of(1), 0);
	/* Off except where advised (1 | PR_THP_DISABLE_EXCEPT_ADVISED). */
	assert_int_equal(mach_status_thp_of(3), 1);
	/* A kernel that cannot say. */
	assert_int_equal(mach_status_thp_of(-1), 1);
}

/* prctl and the status file agree, in this process and after
 * PR_SET_THP_DISABLE. */
static void test_mach_status_thp_read_self(void **state)
{
	struct mach_status st, file;

	(void)state;
	mach_status_unread(&st);
	assert_int_equal(st.thp_enabled, MACH_STATUS_UNREAD);
	mach_status_read(&file);
	assert_int_equal(mach_status_thp_of(prctl(PR_GET_THP_DISABLE,
						  0, 0, 0, 0)),
			 file.thp_enabled);
	assert_int_equal(st.threads, MACH_STATUS_UNREAD);
	if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0))
		skip();
	mach_status_unread(&st);
	mach_status_read(&file);
	assert_int_equal(mach_status_thp_of(prctl(PR_GET_THP_DISABLE,
						  0, 0, 0, 0)),
			 0);
	assert_int_equal(file.thp_enabled, 0);
	prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_status_parse_fields),
		cmocka_unit_test(test_mach_status_parse_defaults),
		cmocka_unit_test(test_mach_status_parse_whole_keys_only),
		cmocka_unit_test(test_mach_status_read_self),
		cmocka_unit_test(test_mach_status_thp_of),
		cmocka_unit_test(test_mach_status_thp_read_self),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

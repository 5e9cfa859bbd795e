/* SPDX-License-Identifier: MIT */
/*
 * mach_share_owner_is, mach_share_uid_check and mach_share_dir_open: who
 * may own shared files, and that the overflow uid owns none, whatever
 * /proc/sys/kernel/overflowuid says it is.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "machine/overflowuid.h"
#include "machine/sharedir.h"

static uid_t overflow = 65534, euid = 1000;

uid_t __wrap_mach_overflow_uid(void);
uid_t __wrap_mach_overflow_uid(void)
{
	return overflow;
}

uid_t __wrap_geteuid(void);
uid_t __wrap_geteuid(void)
{
	return euid;
}

static struct stat owned(uid_t uid, mode_t mode)
{
	struct stat st;

	memset(&st, 0, sizeof(st));
	st.st_uid = uid;
	st.st_mode = S_IFREG | mode;
	return st;
}

static void test_mach_share_owner_is_own_or_root(void **state)
{
	struct stat mine = owned(1000, 0644), root = owned(0, 0600);
	struct stat theirs = owned(1001, 0600), open = owned(1000, 0620);

	(void)state;
	overflow = 65534;
	assert_true(mach_share_owner_is(&mine, 1000));
	assert_true(mach_share_owner_is(&root, 1000));
	assert_false(mach_share_owner_is(&theirs, 1000));
	assert_false(mach_share_owner_is(&open, 1000));
}

/* In a user namespace the overflow uid owns the files of every user it
 * does not map: never ours, even when it is our uid, nor root's. */
static void test_mach_share_owner_is_overflow_never(void **state)
{
	struct stat nobody = owned(65534, 0600), other = owned(4000, 0600);
	struct stat root = owned(0, 0600);

	(void)state;
	overflow = 65534;
	assert_false(mach_share_owner_is(&nobody, 65534));
	assert_false(mach_share_owner_is(&nobody, 1000));
	overflow = 4000;
	assert_false(mach_share_owner_is(&other, 4000));
	assert_true(mach_share_owner_is(&nobody, 65534));
	overflow = 0;
	assert_false(mach_share_owner_is(&root, 1000));
}

static void test_mach_share_uid_check_overflow(void **state)
{
	char err[256] = "";

	(void)state;
	overflow = 65534;
	assert_int_equal(mach_share_uid_check(1000, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_int_equal(mach_share_uid_check(0, err, sizeof(err)), 0);
	assert_int_equal(mach_share_uid_check(65534, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "uid 65534 is the overflow uid"));
	overflow = 4000;
	assert_int_equal(mach_share_uid_check(65534, err, sizeof(err)), 0);
	assert_int_equal(mach_share_uid_check(4000, err, sizeof(err)), -1);
}

/* hugectl and the runtime alike: the overflow uid opens no directory,
 * and is told why before anything is looked at. */
static void test_mach_share_dir_open_as_overflow(void **state)
{
	char err[256] = "";

	(void)state;
	overflow = 65534;
	euid = 65534;
	errno = 0;
	assert_int_equal(mach_share_dir_open("/nonexistent/d", 0, NULL, err,
					     sizeof(err)), -1);
	assert_int_equal(errno, EPERM);
	assert_non_null(strstr(err, "overflow uid"));
	euid = 1000;
	assert_int_equal(mach_share_dir_open("/nonexistent/d", 0, NULL, err,
					     sizeof(err)), -1);
	assert_int_equal(errno, ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_share_owner_is_own_or_root),
		cmocka_unit_test(test_mach_share_owner_is_overflow_never),
		cmocka_unit_test(test_mach_share_uid_check_overflow),
		cmocka_unit_test(test_mach_share_dir_open_as_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

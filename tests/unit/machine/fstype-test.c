/* SPDX-License-Identifier: MIT */
/*
 * mach_fstype_small_folios: the file systems named, and the others; and
 * the directory the test runs in asked by path and by descriptor alike.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <linux/magic.h>
#include <unistd.h>

#include "machine/fstype.h"

static void test_mach_fstype_small_folios_named(void **state)
{
	(void)state;
	assert_string_equal(mach_fstype_small_folios(TMPFS_MAGIC), "tmpfs");
	assert_string_equal(mach_fstype_small_folios(NFS_SUPER_MAGIC), "NFS");
	assert_string_equal(mach_fstype_small_folios(0x65735546), "FUSE");
	assert_string_equal(mach_fstype_small_folios(0xfe534d42), "SMB");
	assert_string_equal(mach_fstype_small_folios(0x01021997), "9p");
}

static void test_mach_fstype_small_folios_others(void **state)
{
	(void)state;
	assert_null(mach_fstype_small_folios(EXT4_SUPER_MAGIC));
	assert_null(mach_fstype_small_folios(XFS_SUPER_MAGIC));
	assert_null(mach_fstype_small_folios(BTRFS_SUPER_MAGIC));
	assert_null(mach_fstype_small_folios(0));
}

static void test_mach_fstype_of_path_same_as_fd(void **state)
{
	int fd = open(".", O_RDONLY | O_DIRECTORY);
	const char *by_path = mach_fstype_of_path("."), *by_fd;

	(void)state;
	assert_true(fd >= 0);
	by_fd = mach_fstype_of_fd(fd);
	close(fd);
	assert_true(by_path == by_fd);
	assert_null(mach_fstype_of_path(""));
	assert_null(mach_fstype_of_fd(-1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_fstype_small_folios_named),
		cmocka_unit_test(test_mach_fstype_small_folios_others),
		cmocka_unit_test(test_mach_fstype_of_path_same_as_fd),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

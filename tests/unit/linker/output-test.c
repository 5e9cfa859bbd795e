/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker/output.h"

/* A directory of the test's own, in DIR, with a file "out" in it whose
 * path is left in OUT. */
static void make_dir(char *dir, char *out)
{
	int fd;

	strcpy(dir, "/tmp/hl-output-XXXXXX");
	assert_non_null(mkdtemp(dir));
	sprintf(out, "%s/out", dir);
	fd = open(out, O_WRONLY | O_CREAT | O_EXCL, 0755);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "ELF", 3), 3);
	assert_int_equal(close(fd), 0);
}

static void remove_dir(const char *dir)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* Whether the output at OUT opens for writing, through its directory. */
static int opens(const char *out, int write)
{
	struct lw_output o;
	int fd;

	assert_int_equal(lw_output_hold(&o, out), 0);
	fd = lw_output_open(&o, write);
	if (fd >= 0)
		close(fd);
	lw_output_release(&o);
	return fd >= 0;
}

static void test_lw_output_open_takes_the_linkers_file(void **state)
{
	char dir[32], out[48];
	struct stat st;

	(void)state;
	make_dir(dir, out);
	assert_int_equal(chmod(out, 0555), 0);
	assert_true(opens(out, 1));
	assert_int_equal(stat(out, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0555);
	remove_dir(dir);
}

/* A name with no directory is found in the current one. */
static void test_lw_output_hold_without_a_directory(void **state)
{
	char dir[32], out[48], cwd[4096];
	struct lw_output o;
	struct stat st;

	(void)state;
	make_dir(dir, out);
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(lw_output_hold(&o, "out"), 0);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(lw_output_stat(&o, &st), 0);
	assert_int_equal(lw_output_remove(&o), 0);
	assert_int_equal(stat(out, &st), -1);
	lw_output_release(&o);
	remove_dir(dir);
}

/* The output replaced by a symbolic link, or given a second link, is
 * not the linker's: its target is never opened. */
static void test_lw_output_open_refuses_links(void **state)
{
	char dir[32], out[48], other[48];

	(void)state;
	make_dir(dir, out);
	sprintf(other, "%s/other", dir);
	assert_int_equal(rename(out, other), 0);
	assert_int_equal(symlink(other, out), 0);
	assert_false(opens(out, 0));
	assert_false(opens(out, 1));
	assert_int_equal(unlink(out), 0);
	assert_int_equal(link(other, out), 0);
	assert_false(opens(out, 1));
	assert_int_equal(unlink(other), 0);
	assert_true(opens(out, 1));
	remove_dir(dir);
}

/* The owner is not asked: some file systems show another (NFS with
 * root_squash); the check needs root, to give the file away. */
static void test_lw_output_open_takes_any_owner(void **state)
{
	char dir[32], out[48];

	(void)state;
	if (geteuid() != 0)
		skip();
	make_dir(dir, out);
	assert_int_equal(chown(out, 65534, 65534), 0);
	assert_true(opens(out, 1));
	remove_dir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_output_open_takes_the_linkers_file),
		cmocka_unit_test(test_lw_output_hold_without_a_directory),
		cmocka_unit_test(test_lw_output_open_refuses_links),
		cmocka_unit_test(test_lw_output_open_takes_any_owner),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

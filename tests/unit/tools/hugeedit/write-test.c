/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/unit/support/elf-image.h"
#include "tools/hugeedit/write.h"

static int write_file(int dirfd, const char *name, const void *buf,
		      size_t len, mode_t mode)
{
	int fd = openat(dirfd, name, O_RDWR | O_CREAT | O_TRUNC, mode);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	assert_int_equal(fchmod(fd, mode), 0);
	return fd;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while ((e = readdir(d)))
		n += e->d_name[0] != '.' || e->d_name[1] > '.';
	closedir(d);
	return n;
}

/* A directory of its own, with the program in it as "prog", opened. */
struct fixture {
	char dir[32];
	int dirfd, fd;
	struct img m;
	struct el_file f;
	struct hl_phdr want[2];
};

static int setup(void **state)
{
	static struct fixture fx;

	strcpy(fx.dir, "/tmp/hl-edit-XXXXXX");
	assert_non_null(mkdtemp(fx.dir));
	fx.dirfd = open(fx.dir, O_RDONLY | O_DIRECTORY);
	img_program(&fx.m);
	fx.fd = write_file(fx.dirfd, "prog", fx.m.buf, fx.m.len, 02751);
	assert_int_equal(el_open_fd(&fx.f, "prog", fx.fd), 0);
	memcpy(fx.want, fx.f.ph, sizeof(fx.want));
	fx.want[1].flags |= HL_PF_HUGETLB;
	*state = &fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	el_close(&fx->f);
	close(fx->fd);
	unlinkat(fx->dirfd, "prog", 0);
	close(fx->dirfd);
	return rmdir(fx->dir);
}

static void test_edit_replace_keeps_mode_and_leaves_no_copy(void **state)
{
	struct fixture *fx = *state;
	struct el_file back;
	struct stat st;
	int fd;

	assert_int_equal(edit_replace(&fx->f, fx->dirfd, "prog", fx->want), 0);
	assert_int_equal(fstatat(fx->dirfd, "prog", &st, 0), 0);
	assert_int_equal(st.st_mode & 07777, 02751);
	assert_int_equal(st.st_size, (off_t)fx->m.len);
	assert_int_equal(count_entries(fx->dir), 1);
	fd = openat(fx->dirfd, "prog", O_RDONLY);
	assert_int_equal(el_open_fd(&back, "prog", fd), 0);
	assert_int_equal(back.ph[1].flags, PF_R | PF_W | HL_PF_HUGETLB);
	el_close(&back);
	close(fd);
}

static void test_edit_replace_refuses_a_swapped_name(void **state)
{
	struct fixture *fx = *state;
	struct stat st;
	int other;

	other = write_file(fx->dirfd, "other", "not a program", 13, 0644);
	assert_int_equal(renameat(fx->dirfd, "other", fx->dirfd, "prog"), 0);
	assert_int_equal(edit_replace(&fx->f, fx->dirfd, "prog", fx->want), -1);
	assert_int_equal(fstatat(fx->dirfd, "prog", &st, 0), 0);
	assert_int_equal(st.st_size, 13);
	assert_int_equal(count_entries(fx->dir), 1);
	close(other);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_edit_replace_keeps_mode_and_leaves_no_copy,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_edit_replace_refuses_a_swapped_name,
			setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

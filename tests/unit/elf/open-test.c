/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/open.h"

struct scratch {
	char dir[32];
	char file[64];
	char fifo[64];
	char link[64];
};

static void scratch_make(struct scratch *s)
{
	int fd;

	strcpy(s->dir, "/tmp/hl-open-test.XXXXXX");
	assert_non_null(mkdtemp(s->dir));
	snprintf(s->file, sizeof(s->file), "%s/file", s->dir);
	snprintf(s->fifo, sizeof(s->fifo), "%s/fifo", s->dir);
	snprintf(s->link, sizeof(s->link), "%s/link", s->dir);
	fd = open(s->file, O_WRONLY | O_CREAT | O_EXCL, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "text", 4), 4);
	close(fd);
	assert_int_equal(mkfifo(s->fifo, 0600), 0);
	assert_int_equal(symlink("file", s->link), 0);
}

static void scratch_remove(struct scratch *s)
{
	unlink(s->link);
	unlink(s->fifo);
	unlink(s->file);
	rmdir(s->dir);
}

/* Whether an inotify watch on PATH saw it opened while RUN ran. */
static bool seen_opened(const char *path, int (*run)(const char *))
{
	char ev[4096];
	int in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	int fd;
	bool seen;

	assert_true(in >= 0);
	assert_true(inotify_add_watch(in, path, IN_OPEN) >= 0);
	fd = run(path);
	if (fd >= 0)
		close(fd);
	seen = read(in, ev, sizeof(ev)) > 0;
	close(in);
	return seen;
}

static int open_plainly(const char *path)
{
	return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
}

static int open_regular(const char *path)
{
	return el_open_regular(path, 0);
}

/* A regular file is opened to read, through a link as well. */
static void test_el_open_regular_opens_a_file(void **state)
{
	struct scratch s;
	char buf[8];
	int fd;

	(void)state;
	scratch_make(&s);
	fd = el_open_regular(s.link, 0);
	assert_true(fd >= 0);
	assert_int_equal(read(fd, buf, sizeof(buf)), 4);
	assert_memory_equal(buf, "text", 4);
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	assert_int_equal(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDONLY);
	close(fd);
	scratch_remove(&s);
}

/* A FIFO, a device and a directory are refused without being opened:
 * the watch that sees a plain open sees nothing. */
static void test_el_open_regular_opens_nothing_else(void **state)
{
	struct scratch s;

	(void)state;
	scratch_make(&s);
	assert_true(seen_opened(s.fifo, open_plainly));
	assert_false(seen_opened(s.fifo, open_regular));
	assert_int_equal(el_open_regular(s.fifo, 0), EL_NOT_REGULAR);
	assert_false(seen_opened("/dev/null", open_regular));
	assert_int_equal(el_open_regular("/dev/null", 0), EL_NOT_REGULAR);
	assert_int_equal(el_open_regular(s.dir, 0), EL_NOT_REGULAR);
	scratch_remove(&s);
}

/* O_NOFOLLOW refuses a link as the last component; a missing file is
 * -1 with errno. */
static void test_el_open_regular_refuses_link_and_missing(void **state)
{
	struct scratch s;

	(void)state;
	scratch_make(&s);
	assert_int_equal(el_open_regular(s.link, O_NOFOLLOW), EL_NOT_REGULAR);
	unlink(s.file);
	errno = 0;
	assert_int_equal(el_open_regular(s.file, 0), -1);
	assert_int_equal(errno, ENOENT);
	scratch_remove(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_el_open_regular_opens_a_file),
		cmocka_unit_test(test_el_open_regular_opens_nothing_else),
		cmocka_unit_test(test_el_open_regular_refuses_link_and_missing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

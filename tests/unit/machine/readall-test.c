/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/readall.h"

/* A pipe holding N bytes of 'x' (N fits its buffer), its writer closed. */
static int pipe_of(size_t n)
{
	static char x[32768];
	int fd[2];

	assert_true(n <= sizeof(x));
	memset(x, 'x', n);
	assert_int_equal(pipe(fd), 0);
	assert_int_equal(write(fd[1], x, n), (ssize_t)n);
	close(fd[1]);
	return fd[0];
}

static void test_mach_read_fd_grows_past_its_first_buffer(void **state)
{
	size_t len = 0;
	int fd = pipe_of(20000);
	char *text;

	(void)state;
	text = mach_read_fd(fd, SIZE_MAX, &len);
	close(fd);
	assert_non_null(text);
	assert_int_equal(len, 20000);
	assert_int_equal(text[19999], 'x');
	assert_int_equal(text[20000], '\0');
	free(text);
}

static void test_mach_read_fd_empty(void **state)
{
	size_t len = 1;
	int fd = pipe_of(0);
	char *text;

	(void)state;
	text = mach_read_fd(fd, 0, &len);
	close(fd);
	assert_non_null(text);
	assert_int_equal(len, 0);
	assert_string_equal(text, "");
	free(text);
}

static void test_mach_read_fd_over_max(void **state)
{
	size_t len = 0;
	int fd = pipe_of(100);

	(void)state;
	errno = 0;
	assert_null(mach_read_fd(fd, 99, &len));
	assert_int_equal(errno, EFBIG);
	close(fd);
}

static void test_mach_read_fd_bad_descriptor(void **state)
{
	size_t len = 0;

	(void)state;
	errno = 0;
	assert_null(mach_read_fd(-1, SIZE_MAX, &len));
	assert_int_equal(errno, EBADF);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_read_fd_grows_past_its_first_buffer),
		cmocka_unit_test(test_mach_read_fd_empty),
		cmocka_unit_test(test_mach_read_fd_over_max),
		cmocka_unit_test(test_mach_read_fd_bad_descriptor),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

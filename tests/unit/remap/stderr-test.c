/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "remap/remap.h"

/*
 * remap_stderr_write on real pipes: a reader gone raises no SIGPIPE
 * that outlives the call, whether the write fails at once or its reader
 * leaves it midway; SIGPIPE's place in the mask and a SIGPIPE pending
 * before are left as they were.
 */

/* SIGPIPE's state: 1 when blocked (or pending), else 0. */
static int pipe_blocked(void)
{
	sigset_t s;

	sigprocmask(SIG_BLOCK, NULL, &s);
	return sigismember(&s, SIGPIPE);
}

static int pipe_pending(void)
{
	sigset_t s;

	sigpending(&s);
	return sigismember(&s, SIGPIPE);
}

/* A pipe whose reader is closed: the write fails at once. */
static void test_remap_stderr_write_reader_gone(void **state)
{
	char line[] = "hugelink: prog: a message\n";
	int fd[2];

	(void)state;
	assert_int_equal(pipe(fd), 0);
	close(fd[0]);
	assert_int_equal(remap_stderr_write(fd[1], line, sizeof(line) - 1), -1);
	assert_false(pipe_blocked());
	assert_false(pipe_pending());
	close(fd[1]);
}

/*
 * A line larger than the pipe can take, whose reader leaves while the
 * write waits: the write returns what it wrote, and raised SIGPIPE.
 */
static void test_remap_stderr_write_reader_leaves_midway(void **state)
{
	static char line[8192];
	int fd[2];
	pid_t reader;

	(void)state;
	memset(line, 'x', sizeof(line));
	assert_int_equal(pipe(fd), 0);
	fcntl(fd[1], F_SETPIPE_SZ, 4096);
	reader = fork();
	assert_true(reader >= 0);
	if (!reader) {
		close(fd[1]);
		usleep(100000);
		_exit(0);
	}
	close(fd[0]);
	assert_int_equal(remap_stderr_write(fd[1], line, sizeof(line)), -1);
	assert_false(pipe_blocked());
	assert_false(pipe_pending());
	waitpid(reader, NULL, 0);
	close(fd[1]);
}

/* SIGPIPE blocked and pending before: both stay. */
static void test_remap_stderr_write_keeps_what_was(void **state)
{
	char line[] = "x\n";
	sigset_t s, old;
	int fd[2];

	(void)state;
	sigemptyset(&s);
	sigaddset(&s, SIGPIPE);
	sigprocmask(SIG_BLOCK, &s, &old);
	raise(SIGPIPE);
	assert_int_equal(pipe(fd), 0);
	close(fd[0]);
	assert_int_equal(remap_stderr_write(fd[1], line, 2), -1);
	assert_true(pipe_blocked());
	assert_true(pipe_pending());
	assert_int_equal(sigwaitinfo(&s, NULL), SIGPIPE);
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fd[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_remap_stderr_write_reader_gone),
		cmocka_unit_test(test_remap_stderr_write_reader_leaves_midway),
		cmocka_unit_test(test_remap_stderr_write_keeps_what_was),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/*
 * timeit: run a command once and print the CPU time it used, user and
 * system, its own children's included, then the wall-clock time
 * (CLOCK_MONOTONIC) from just before fork() to the end of wait4(), both
 * in nanoseconds.
 *
 *     timeit OUT [NAME=VALUE...] COMMAND [ARG...]
 *
 * The benchmark reports both clocks: the wall-clock time is what a user
 * waits for, and the CPU time leaves out the time the run waited for a
 * CPU that other work held, which on a busy machine can be most of a
 * short run.  The NAME=VALUE words are put in the command's environment
 * by timeit itself, so that a variant that sets variables does not pay
 * for the exec of env(1) that another does not.  The command's standard
 * output and error go to the file OUT, so that the benchmark can read
 * what the program said about itself; timeit's own standard output
 * carries only the times.  Exit status: the command's, or 125 when it
 * could not be run, or 128 + the signal that ended it.
 */
#define _GNU_SOURCE
#include <err.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
	long long t0, t1;
	struct rusage ru;
	int out, status, cmd = 2;
	pid_t pid;

	while (cmd < argc && strchr(argv[cmd], '=') && argv[cmd][0] != '/')
		cmd++;
	if (cmd >= argc) {
		fprintf(stderr, "usage: timeit OUT [NAME=VALUE...] COMMAND [ARG...]\n");
		return 125;
	}
	out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0)
		err(125, "%s", argv[1]);
	t0 = now_ns();
	pid = fork();
	if (pid < 0)
		err(125, "fork");
	if (pid == 0) {
		if (dup2(out, 1) < 0 || dup2(out, 2) < 0)
			_exit(125);
		for (int i = 2; i < cmd; i++)
			if (putenv(argv[i]))
				_exit(125);
		execvp(argv[cmd], argv + cmd);
		dprintf(2, "timeit: %s: cannot run\n", argv[cmd]);
		_exit(125);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		err(125, "wait4");
	t1 = now_ns();
	printf("%lld %lld\n", (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL, t1 - t0);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

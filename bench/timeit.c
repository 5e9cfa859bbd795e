/*
 * timeit: run a command once and print the CPU time it used, user and
 * system, its own children's included, then the wall-clock time from
 * just before fork() to the end of wait4(), both in nanoseconds.
 *
 *     timeit OUT COMMAND [ARG...]
 *
 * CPU time is what the benchmark reports: on a machine that other work
 * keeps busy, the wall-clock time of a short run is mostly the time it
 * waited for a CPU.  The command's standard output and error go to the
 * file OUT, so that the benchmark can read what the program said about
 * itself; timeit's own standard output carries only the times.  Exit
 * status: the command's, or 125 when it could not be run, or 128 + the
 * signal that ended it.
 */
#define _GNU_SOURCE
#include <err.h>
#include <fcntl.h>
#include <stdio.h>
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
	int out, status;
	pid_t pid;

	if (argc < 3) {
		fprintf(stderr, "usage: timeit OUT COMMAND [ARG...]\n");
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
		execvp(argv[2], argv + 2);
		dprintf(2, "timeit: %s: cannot run\n", argv[2]);
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

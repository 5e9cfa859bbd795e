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
 * for the exec of env(1) that another does not; and that environment is
 * made before fork(), so that the child only execs it: a putenv() in the
 * child, its first use of malloc, cost a run about 20 us.  The command's
 * standard output and error go to the file OUT, so that the benchmark can read
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

/*
 * This process's environment with each NAME=VALUE of WORDS[0..N) in
 * place of the entry of its NAME, or added.
 */
static char **command_env(char **words, int n)
{
	size_t have = 0;
	char **env;

	while (environ[have])
		have++;
	env = calloc(have + (size_t)n + 1, sizeof(*env));
	if (!env)
		err(125, "calloc");
	memcpy(env, environ, have * sizeof(*env));
	for (int i = 0; i < n; i++) {
		size_t name = strcspn(words[i], "=") + 1, at = 0;

		while (at < have && strncmp(env[at], words[i], name))
			at++;
		env[at] = words[i];
		have += at == have;
	}
	return env;
}

int main(int argc, char **argv)
{
	long long t0, t1;
	struct rusage ru;
	int out, status, cmd = 2;
	char **env;
	pid_t pid;

	while (cmd < argc && strchr(argv[cmd], '=') && argv[cmd][0] != '/')
		cmd++;
	if (cmd >= argc) {
		fprintf(stderr,
			"usage: timeit OUT [NAME=VALUE...] COMMAND [ARG...]\n");
		return 125;
	}
	out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0)
		err(125, "%s", argv[1]);
	env = command_env(argv + 2, cmd - 2);
	t0 = now_ns();
	pid = fork();
	if (pid < 0)
		err(125, "fork");
	if (pid == 0) {
		if (dup2(out, 1) < 0 || dup2(out, 2) < 0)
			_exit(125);
		execvpe(argv[cmd], argv + cmd, env);
		dprintf(2, "timeit: %s: cannot run\n", argv[cmd]);
		_exit(125);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		err(125, "wait4");
	t1 = now_ns();
	printf("%lld %lld\n",
	       (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL, t1 - t0);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

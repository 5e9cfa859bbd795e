/* SPDX-License-Identifier: MIT */
/*
 * forkloop: what a fork() costs a program with 64 MiB of touched data.
 *
 *     forkloop N         N times: fork(), the child writes one byte of the
 *                        data and exits, the parent waits for it
 *     forkloop N _Fork   the same with _Fork(), which runs no fork
 *                        handlers (hugelink's fork guard among them)
 *
 * The data is bss, every page of it written before the loop, so that it
 * is all in memory and none of it is zeros.  Prints what backs it
 * ("data: 64 MiB on 2048 kB pages", from smaps), then "fork: N in X ms
 * of wall time, Y us each": wall time, since what a fork() costs its
 * caller includes waiting for the child.  Exits 1 if a child did not
 * exit 0 (say, killed for want of a huge page).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "measure.h"

#define SZ ((size_t)64 << 20)

static char data[SZ];

pid_t _Fork(void);

static double wall_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10, bad = 0;
	int raw = argc > 2 && !strcmp(argv[2], "_Fork");
	double t0;

	for (size_t i = 0; i < SZ; i += 64)
		data[i] = (char)(i >> 12 | 1);
	print_pages("data", data, SZ);
	fflush(stdout);
	t0 = wall_ms();
	for (long i = 0; i < n; i++) {
		pid_t pid = raw ? _Fork() : fork();
		int status;

		if (pid == 0) {
			data[(size_t)i * 4096 % SZ] = 0;
			_exit(0);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			bad++;
	}
	t0 = wall_ms() - t0;
	printf("fork: %ld in %.1f ms of wall time, %.1f us each\n", n, t0,
	       n ? t0 * 1e3 / n : 0);
	if (bad)
		printf("fork: %ld children did not exit 0\n", bad);
	return bad != 0;
}

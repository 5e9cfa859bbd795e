/* SPDX-License-Identifier: MIT */
/*
 * spin: a program for the debugger and profiler tests.  Its hot function
 * work() is what gdb stops in and perf names; it prints its process ID,
 * work()'s address, and what backs its own text, from /proc/self/smaps
 * ("text 2048", "text thp", "text 4") and /proc/self/maps ("text-map
 * /anon_hugepage (deleted)"), so that a test knows the text really
 * moved before it judges the tool.
 *
 *   spin              call work() 3 times, print "done", exit 0
 *   spin calls N      call work() N times, the same
 *   spin wait FILE    print "ready", then call work() until FILE exists
 *   spin crash FILE   the same, then crash in work() (SIGSEGV)
 *   spin daemon FILE  fork, print "child PID" and exit; the child prints
 *                     "ready", then calls work() until FILE exists
 *   spin exec CMD...  fork; the child execs CMD, the parent waits for it
 *                     and prints "done"
 */
#define _GNU_SOURCE
#include <string.h>
#include <unistd.h>

#include "hugecheck.h"

volatile unsigned long sink;
static volatile uintptr_t crash_at;	/* an address nothing maps, or 0 */

__attribute__((noinline)) void work(int n)
{
	for (int i = 0; i < 200000; i++)
		sink += (unsigned long)i * (unsigned long)n;
	if (crash_at)
		*(volatile int *)crash_at = 0;
}

/* The name /proc/self/maps gives the memory behind ADDR. */
static void print_map(const char *name, const void *addr)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4600];

	while (f && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		char *path = strchr(line, '/');

		if (sscanf(line, "%lx-%lx", &lo, &hi) != 2 ||
		    (uintptr_t)addr < lo || (uintptr_t)addr >= hi)
			continue;
		line[strcspn(line, "\n")] = '\0';
		printf("%s-map %s\n", name, path ? path : "anonymous");
	}
	if (f)
		fclose(f);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	long calls = argc > 2 && !strcmp(argv[1], "calls") ? atol(argv[2]) : 3;

	printf("pid %d\nwork-at %#lx\n", (int)getpid(), (unsigned long)work);
	hc_report("text", (void *)work, 1);
	print_map("text", (void *)work);
	if (argc < 3 || !strcmp(argv[1], "calls")) {
		for (long i = 0; i < calls; i++)
			work((int)i);
		printf("done\n");
		return 0;
	}
	if (!strcmp(argv[1], "exec")) {
		pid_t child;

		fflush(stdout);
		child = fork();
		if (child == 0) {
			execvp(argv[2], argv + 2);
			_exit(127);
		}
		if (child < 0 || waitpid(child, NULL, 0) != child)
			return 1;
		printf("done\n");
		return 0;
	}
	if (!strcmp(argv[1], "daemon")) {
		pid_t child;

		fflush(stdout);
		child = fork();
		if (child < 0)
			return 1;
		if (child > 0) {
			printf("child %d\n", (int)child);
			return 0;
		}
	}
	printf("ready\n");
	fflush(stdout);
	while (access(argv[2], F_OK))
		work(1);
	if (!strcmp(argv[1], "crash"))
		crash_at = 8;
	work(1);
	printf("done\n");
	return 0;
}

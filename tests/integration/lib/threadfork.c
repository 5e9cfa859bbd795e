/* SPDX-License-Identifier: MIT */
/*
 * threadfork: a multithreaded program that forks while its other threads
 * write to its data and bss all the time, and checks, from the inside,
 * that no child dies and no byte is lost.
 *
 * WRITERS threads each write, over and over, one scratch line at the
 * start of every 2 MiB of data and bss (so every huge page of them is
 * written to while children are made) and then publish a counter with a
 * release store.  Meanwhile the main thread forks FORKS times.  Before
 * each fork it stores the fork's number in data and reads every counter
 * with an acquire load: those writes happen before the fork() call, so
 * the child must see them (its counters are at least those values).
 * Each child checks the rest of data and bss byte by byte, then writes
 * its own copy of all of it, checks that, and exits 0.  The parent
 * checks every child's status, and, after stopping the writers, its own
 * data and bss and each writer's last lines.
 *
 * It prints "data KB" and "bss KB" (hugecheck.h: 2048 on hugetlb pages,
 * "thp" on transparent huge pages), "pool-free N" (HugePages_Free after
 * start), "child-data KB" for the first child, "children N died D
 * failed F", "BAD ..." for each problem and "ok" when there is none.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hugecheck.h"

#define FORKS 50
#define WRITERS 2
#define MB 6
#define SZ ((size_t)MB << 20)
#define CHUNK ((size_t)2 << 20)
#define LINE 64

__asm__(".data\n.globl big_data\n.balign 64\nbig_data:\n"
	".fill 6 * 1048576, 1, 0xa5\n.text\n");
extern unsigned char big_data[];
static unsigned char big_bss[SZ] __attribute__((aligned(64)));

/* One counter per writer, each on a line of its own, in bss. */
static struct {
	uint64_t v;
	char pad[LINE - sizeof(uint64_t)];
} counter[WRITERS] __attribute__((aligned(64)));
static int fork_number = -1;	/* in data */
static volatile int stop;
static int bad;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("BAD %s\n", what);
		bad = 1;
	}
}

/* True when byte OFF of a chunk is a writer's scratch line. */
static int scratch(size_t off)
{
	return off % CHUNK < (size_t)WRITERS * LINE;
}

static void *writer(void *arg)
{
	int t = (int)(intptr_t)arg;
	uint64_t n = 0;

	while (!stop) {
		n++;
		for (size_t c = 0; c < SZ; c += CHUNK) {
			memset(big_data + c + t * LINE, (int)(n & 0xff), LINE);
			memset(big_bss + c + t * LINE, (int)(n & 0xff), LINE);
		}
		__atomic_store_n(&counter[t].v, n, __ATOMIC_RELEASE);
	}
	return NULL;
}

/* The bytes no writer touches hold DATA in data and BSS in bss. */
static int stable_intact(unsigned char data, unsigned char bss)
{
	for (size_t i = 0; i < SZ; i++)
		if (!scratch(i) && (big_data[i] != data || big_bss[i] != bss))
			return 0;
	return 1;
}

static void overwrite_stable(unsigned char data, unsigned char bss)
{
	for (size_t i = 0; i < SZ; i++)
		if (!scratch(i)) {
			big_data[i] = data;
			big_bss[i] = bss;
		}
}

/* The child of fork number I, which saw the counters SEEN before. */
static int child(int i, const uint64_t *seen)
{
	if (fork_number != i)
		return 2;
	for (int t = 0; t < WRITERS; t++)
		if (__atomic_load_n(&counter[t].v, __ATOMIC_RELAXED) < seen[t])
			return 3;
	if (!stable_intact(0xa5, 0))
		return 4;
	if (i == 0) {
		hc_report("child-data", big_data, SZ);
		hc_report("child-bss", big_bss, SZ);
	}
	overwrite_stable(0x3c, 0xc3);
	return stable_intact(0x3c, 0xc3) ? 0 : 5;
}

static long pool_free(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[128];
	long v = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "HugePages_Free: %ld", &v) == 1)
			break;
	if (f)
		fclose(f);
	return v;
}

/* Each writer's lines hold its last counter, once it has stopped. */
static int writers_intact(void)
{
	for (int t = 0; t < WRITERS; t++) {
		unsigned char last = (unsigned char)(counter[t].v & 0xff);

		for (size_t c = 0; c < SZ; c += CHUNK)
			for (int k = 0; k < LINE; k++)
				if (big_data[c + t * LINE + k] != last ||
				    big_bss[c + t * LINE + k] != last)
					return 0;
	}
	return 1;
}

int main(void)
{
	pthread_t th[WRITERS];
	int died = 0, failed = 0;

	hc_report("data", big_data, SZ);
	hc_report("bss", big_bss, SZ);
	printf("pool-free %ld\n", pool_free());
	for (int t = 0; t < WRITERS; t++)
		if (pthread_create(&th[t], NULL, writer, (void *)(intptr_t)t))
			expect(0, "pthread_create");
	for (int t = 0; t < WRITERS; t++)
		while (!__atomic_load_n(&counter[t].v, __ATOMIC_ACQUIRE))
			;
	for (int i = 0; i < FORKS; i++) {
		uint64_t seen[WRITERS];
		int status;
		pid_t pid;

		fork_number = i;
		for (int t = 0; t < WRITERS; t++)
			seen[t] = __atomic_load_n(&counter[t].v,
						  __ATOMIC_ACQUIRE);
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			int rc = child(i, seen);

			fflush(stdout);
			_exit(rc);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid) {
			expect(0, "fork or waitpid");
			continue;
		}
		if (WIFSIGNALED(status)) {
			printf("BAD child %d killed by signal %d\n", i,
			       WTERMSIG(status));
			died++;
		} else if (WEXITSTATUS(status)) {
			printf("BAD child %d exited %d\n", i,
			       WEXITSTATUS(status));
			failed++;
		}
	}
	stop = 1;
	for (int t = 0; t < WRITERS; t++)
		pthread_join(th[t], NULL);
	printf("children %d died %d failed %d\n", FORKS, died, failed);
	expect(!died && !failed, "children");
	expect(fork_number == FORKS - 1, "the parent's fork number");
	expect(stable_intact(0xa5, 0), "the parent's data and bss");
	expect(writers_intact(), "the writers' last lines");
	printf(bad ? "BAD\n" : "ok\n");
	return bad;
}

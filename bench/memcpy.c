/* SPDX-License-Identifier: MIT */
/*
 * memcpy: what a copy of MIB MiB costs inside one process, measured on
 * this machine in the same rounds as the start-ups it explains.
 *
 *     memcpy MIB warm    copy between two buffers already in memory:
 *                        bandwidth alone
 *     memcpy MIB huge    copy into a fresh MAP_HUGETLB mapping of 2 MiB
 *                        pages, which the kernel must first find and zero,
 *                        as it must for every remap
 *
 * Prints the wall-clock time (CLOCK_MONOTONIC) and the CPU time
 * (CLOCK_PROCESS_CPUTIME_ID) of one copy in milliseconds, each the median
 * of five.  bench/run.sh also runs "huge" once over the whole pool, to
 * touch every page before anything is timed.
 */
#define _GNU_SOURCE
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define REPEAT 5

/* The two clocks of a copy. */
struct span {
	double wall, cpu;
};

static struct span now(void)
{
	struct timespec w, c;

	clock_gettime(CLOCK_MONOTONIC, &w);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c);
	return (struct span){ w.tv_sec * 1e3 + w.tv_nsec / 1e6,
			      c.tv_sec * 1e3 + c.tv_nsec / 1e6 };
}

static struct span since(struct span t0)
{
	struct span t = now();

	return (struct span){ t.wall - t0.wall, t.cpu - t0.cpu };
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One copy into a new huge-page mapping, which is unmapped afterwards. */
static struct span copy_to_new_huge(const char *src, size_t len)
{
	struct span t0 = now(), ms;
	char *dst = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);

	if (dst == MAP_FAILED)
		err(1, "mmap of %zu MiB of huge pages", len >> 20);
	memcpy(dst, src, len);
	ms = since(t0);
	munmap(dst, len);
	return ms;
}

int main(int argc, char **argv)
{
	size_t len;
	char *src, *dst;
	double wall[REPEAT], cpu[REPEAT];
	int huge;

	if (argc != 3 || (strcmp(argv[2], "warm") && strcmp(argv[2], "huge"))) {
		fprintf(stderr, "usage: memcpy MIB warm|huge\n");
		return 2;
	}
	len = strtoul(argv[1], NULL, 10) << 20;
	huge = !strcmp(argv[2], "huge");
	src = malloc(len);
	dst = malloc(len);
	if (!src || !dst)
		err(1, "malloc");
	memset(src, 0x5a, len);
	memset(dst, 0, len);
	for (int i = 0; i < REPEAT; i++) {
		struct span t0 = now(), ms;

		if (huge) {
			ms = copy_to_new_huge(src, len);
		} else {
			memcpy(dst, src, len);
			ms = since(t0);
		}
		wall[i] = ms.wall;
		cpu[i] = ms.cpu;
	}
	qsort(wall, REPEAT, sizeof(wall[0]), by_value);
	qsort(cpu, REPEAT, sizeof(cpu[0]), by_value);
	printf("%.3f %.3f\n", wall[REPEAT / 2], cpu[REPEAT / 2]);
	return dst[len - 1] != 0x5a && !huge;
}

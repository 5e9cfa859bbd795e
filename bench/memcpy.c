/*
 * memcpy: the floor under a start-up remap of MIB MiB, measured on this
 * machine in the same run: how long memcpy() takes to copy that much.
 *
 *     memcpy MIB warm    copy between two buffers already in memory:
 *                        bandwidth alone
 *     memcpy MIB huge    copy into a fresh MAP_HUGETLB mapping of 2 MiB
 *                        pages, which the kernel must first find and zero,
 *                        as it must for every remap
 *
 * Prints the CPU time of one copy in milliseconds, the median of five:
 * CPU time, as the rest of the benchmark reports.
 */
#define _GNU_SOURCE
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define REPEAT 5

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One copy into a new huge-page mapping, which is unmapped afterwards. */
static double copy_to_new_huge(const char *src, size_t len)
{
	double t0 = now_ms(), ms;
	char *dst = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);

	if (dst == MAP_FAILED)
		err(1, "mmap of %zu MiB of huge pages", len >> 20);
	memcpy(dst, src, len);
	ms = now_ms() - t0;
	munmap(dst, len);
	return ms;
}

int main(int argc, char **argv)
{
	size_t len;
	char *src, *dst;
	double ms[REPEAT];
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
		double t0 = now_ms();

		if (huge) {
			ms[i] = copy_to_new_huge(src, len);
		} else {
			memcpy(dst, src, len);
			ms[i] = now_ms() - t0;
		}
	}
	qsort(ms, REPEAT, sizeof(ms[0]), by_value);
	printf("%.3f\n", ms[REPEAT / 2]);
	return dst[len - 1] != 0x5a && !huge;
}

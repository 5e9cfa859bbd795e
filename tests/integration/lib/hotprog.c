/* SPDX-License-Identifier: MIT */
/*
 * hotprog.c: a program whose eight hot functions lie scattered through
 * about 8 MiB of text, each followed by a cold function of 1 MiB that
 * never runs.  Built with -ffunction-sections, each function has a
 * section of its own for an order to move.
 *
 * "hotprog N" calls the hot functions N times and prints, for the hot
 * functions and for a cold one, the page size that backs them
 * (hugecheck.h): "hot PAGE_KB" and "cold PAGE_KB"; then "pool-free N",
 * the free 2 MiB huge pages of the pool while it holds its own.
 */
#include <stdio.h>
#include <stdlib.h>

#include "hugecheck.h"

#define HOT(n) \
	__attribute__((noinline)) unsigned hot_##n(unsigned x) \
	{ \
		for (int i = 0; i < 64; i++) \
			x = (x ^ (x >> 7)) * 2654435761u + n; \
		return x; \
	}
#define COLD(n) \
	__attribute__((noinline, used)) void cold_##n(void) \
	{ \
		__asm__ volatile(".skip 1048576, 0x90"); \
	}

HOT(0) COLD(0) HOT(1) COLD(1) HOT(2) COLD(2) HOT(3) COLD(3)
HOT(4) COLD(4) HOT(5) COLD(5) HOT(6) COLD(6) HOT(7) COLD(7)

/* The callers, so that the call chains have edges to cluster. */
__attribute__((noinline)) unsigned round_a(unsigned s)
{
	return hot_0(hot_2(hot_4(hot_6(s))));
}

__attribute__((noinline)) unsigned round_b(unsigned s)
{
	return hot_1(hot_3(hot_5(hot_7(s))));
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	unsigned s = 0;

	for (long i = 0; i < n; i++)
		s = round_b(round_a(s));
	hc_report("hot", (const void *)hot_0, 1);
	for (int i = 1; i < 8; i++) {
		static unsigned (*const fn[])(unsigned) = { hot_0, hot_1, hot_2,
			hot_3, hot_4, hot_5, hot_6, hot_7 };
		if (hc_min_page_kb((const void *)fn[i], 1) !=
		    hc_min_page_kb((const void *)hot_0, 1))
			printf("hot_%d on other pages\n", i);
	}
	hc_report("cold", (const void *)cold_3, 1);
	printf("sum %u\n", s);
	{
		FILE *f = fopen("/sys/kernel/mm/hugepages/hugepages-2048kB/"
				"free_hugepages", "r");
		long n = -1;

		if (f && fscanf(f, "%ld", &n) != 1)
			n = -1;
		if (f)
			fclose(f);
		printf("pool-free %ld\n", n);
	}
	return 0;
}

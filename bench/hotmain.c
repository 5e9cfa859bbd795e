/* SPDX-License-Identifier: MIT */
/*
 * hotmain: the TLB-bound loop over a program whose hot functions lie
 * scattered through its text (bench/hotgen.sh writes the functions:
 * 64 MiB of them, 1 KiB each, every 20th one hot, 5%).  Relinked with an
 * order, the hot ones lie together at the start of the text.
 *
 *     hotmain [MILLIONS]     make MILLIONS million calls (default 20)
 *
 * It prints the page size the kernel gives the text around its first hot
 * function and around a cold one halfway through the text (cold_probe,
 * far from the hot range in either link), the time the calls took, and a
 * checksum it verifies in plain C, and the free 2 MiB pages of the pool
 * while it holds its own ("pool-free N").
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

typedef uint64_t func(uint64_t);

extern func *const hot_table[];
extern const uint64_t hot_count;
extern unsigned char cold_probe[];

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int main(int argc, char **argv)
{
	long calls = (argc > 1 ? atof(argv[1]) : 20) * 1e6;
	uint64_t seed = 42, x = 1, want = 1;
	double t0, ms;

	print_pages("hot text", (const void *)hot_table[0], 4096);
	print_pages("cold text", cold_probe, 1024);
	t0 = now_ms();
	for (long n = 0; n < calls; n++)
		x = hot_table[xorshift(&seed) % hot_count](x);
	ms = now_ms() - t0;
	{
		/* The pool's free pages while this process holds its own. */
		FILE *f = fopen("/sys/kernel/mm/hugepages/hugepages-2048kB/"
				"free_hugepages", "r");
		long n = -1;

		if (f && fscanf(f, "%ld", &n) != 1)
			n = -1;
		if (f)
			fclose(f);
		printf("pool-free %ld\n", n);
	}
	seed = 42;
	for (long n = 0; n < calls; n++) {
		uint64_t k = xorshift(&seed) % hot_count;

		want = 3 * want + k * (uint64_t)STRIDE;
	}
	return finish("calls", calls, ms, "checksum", x, want);
}

/* SPDX-License-Identifier: MIT */
/*
 * dtlb: a program whose data does not fit the data TLB.
 *
 * It stands for a program built around a large in-memory index: a hash
 * table of MIB MiB in bss (512 by default), filled with keys spread over
 * all of it, then probed with keys that each come from the last probe, as
 * in a graph walk.  On base pages nearly every probe needs a page walk as
 * well as its cache miss; on 2 MiB pages (or 1 GiB ones) the page walks
 * mostly go away.
 *
 *     dtlb [MILLIONS]     make MILLIONS million probes (default 5)
 *
 * It prints the page size the kernel gives its table (from
 * /proc/self/smaps), the time the inserts and the probes took, and checks
 * that the probes found exactly the keys that are there.  On base pages
 * the inserts also pay for the first touch of every page of the table;
 * on huge pages that was paid at start-up.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

#ifndef MIB
#define MIB 512
#endif
#define SLOTS (((size_t)MIB << 20) / sizeof(uint64_t))

/* Zero marks an empty slot; keys are never zero. */
static uint64_t table[SLOTS];

/* A 64-bit mix (splitmix64's finaliser): keys land anywhere in the table. */
static uint64_t mix(uint64_t k)
{
	k ^= k >> 30;
	k *= 0xbf58476d1ce4e5b9ull;
	k ^= k >> 27;
	k *= 0x94d049bb133111ebull;
	return k ^ (k >> 31);
}

/* The slot that holds KEY, or the empty slot where it would go. */
static size_t slot(uint64_t key)
{
	size_t i = mix(key) & (SLOTS - 1);

	while (table[i] && table[i] != key)
		i = (i + 1) & (SLOTS - 1);
	return i;
}

int main(int argc, char **argv)
{
	long probes = (argc > 1 ? atof(argv[1]) : 5) * 1e6;
	/* One key for every 16 slots: short probe runs, every page used. */
	uint64_t keys = SLOTS / 16, key = 42, found = 0, want = 0;
	double t0, ms;

	_Static_assert((SLOTS & (SLOTS - 1)) == 0,
		       "MIB must be a power of two");
	print_pages("table", table, sizeof(table));
	t0 = now_ms();
	for (uint64_t k = 1; k <= keys; k++)
		table[slot(k)] = k;
	ms = now_ms() - t0;
	printf("inserts: %llu in %.1f ms of CPU time\n",
	       (unsigned long long)keys, ms);
	/*
	 * Each key to look for is made from what the last probe read, as in
	 * a graph walk, so the probes cannot overlap: each one waits for its
	 * page walk and its cache miss.  Half the keys are in the table.
	 */
	t0 = now_ms();
	for (long n = 0; n < probes; n++) {
		uint64_t got = table[slot(key)];

		found += got == key;
		want += key <= keys;
		key = mix(got + (uint64_t)n) % (2 * keys) + 1;
	}
	return finish("probes", probes, now_ms() - t0, "keys found", found,
		      want);
}

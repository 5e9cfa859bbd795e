/* SPDX-License-Identifier: MIT */
#ifndef BENCH_HOLD_H
#define BENCH_HOLD_H
/*
 * The "hold" of the benchmark's programs: say "ready" and wait to be
 * killed, so that the benchmark can count the huge pages that running
 * copies hold.
 */
#include <stdio.h>
#include <unistd.h>

/* Hold when ASKED; return otherwise. */
static inline void bench_hold(int asked)
{
	if (!asked)
		return;
	printf("ready\n");
	fflush(stdout);
	for (;;)
		pause();
}

#endif

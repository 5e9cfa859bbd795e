/* SPDX-License-Identifier: MIT */
/*
 * measure.h: how the examples measure themselves.  page_kb() asks the
 * kernel which page size backs a range of the program's memory, from the
 * KernelPageSize and AnonHugePages lines of /proc/self/smaps, so it says
 * what really happened, whatever any library claims; now_ms() reads the CPU
 * time the process has used, so that other programs running at the same time do
 * not count; finish() prints what the work cost and checks its result.
 * Header-only, so that an example stays one file to copy.
 */
#ifndef EXAMPLES_MEASURE_H
#define EXAMPLES_MEASURE_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

/*
 * The smallest page size, in kB, among the mappings that overlap
 * [lo, lo + len), or 0 when smaps cannot be read.  The smallest one is
 * the honest answer for a range that is only partly on huge pages.
 * Transparent huge pages keep the base page's KernelPageSize: *THP_KB
 * gets the kB of them among those mappings: anonymous ones
 * (AnonHugePages) and the file's own page cache mapped on huge pages
 * (FilePmdMapped).
 */
static inline long page_kb(const void *lo, size_t len, long *thp_kb)
{
	uintptr_t a = (uintptr_t)lo, z = a + len;
	unsigned long start, end;
	char line[256];
	long kb, min = 0;
	int overlap = 0;
	FILE *smaps = fopen("/proc/self/smaps", "r");

	*thp_kb = 0;
	if (!smaps)
		return 0;
	while (fgets(line, sizeof(line), smaps)) {
		if (sscanf(line, "%lx-%lx %*4[rwxps-] ", &start, &end) == 2)
			overlap = start < z && end > a;
		else if (overlap &&
			 sscanf(line, "KernelPageSize: %ld", &kb) == 1)
			min = min && min < kb ? min : kb;
		else if (overlap &&
			 (sscanf(line, "AnonHugePages: %ld", &kb) == 1 ||
			  sscanf(line, "FilePmdMapped: %ld", &kb) == 1))
			*thp_kb += kb;
	}
	fclose(smaps);
	return min;
}

/* The kB of whole transparent huge pages inside [lo, lo + len). */
static inline long whole_thp_kb(const void *lo, size_t len)
{
	unsigned long pmd = 2UL << 20, a = (uintptr_t)lo;
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size",
			"r");

	if (f) {
		if (fscanf(f, "%lu", &pmd) != 1 || !pmd)
			pmd = 2UL << 20;
		fclose(f);
	}
	a = (a + pmd - 1) & ~(pmd - 1);
	return a + pmd <= (uintptr_t)lo + len ?
	       (long)(((uintptr_t)lo + len - a) / pmd * pmd >> 10) : 0;
}

/*
 * One line a person can read and a script can match: "NAME: N MiB on K
 * kB pages", or "NAME: N MiB on transparent huge pages" when those back
 * every whole huge page of it (its ends, less than a huge page, cannot
 * be).
 */
static inline void print_pages(const char *name, const void *lo, size_t len)
{
	long thp, kb = page_kb(lo, len, &thp);
	long whole = whole_thp_kb(lo, len);

	if (thp && whole && thp >= whole)
		printf("%s: %zu MiB on transparent huge pages\n", name,
		       len >> 20);
	else
		printf("%s: %zu MiB on %ld kB pages\n", name, len >> 20, kb);
}

/*
 * Print "WHAT: N in X ms of CPU time, Y ns each" for N operations that
 * took MS, then check the program's own result: SUM is what it got and
 * WANT what plain C says it should be.  Returns the exit status.
 */
static inline int finish(const char *what, long n, double ms, const char *sum,
			 uint64_t got, uint64_t want)
{
	printf("%s: %ld in %.1f ms of CPU time, %.1f ns each\n", what, n, ms,
	       n ? ms * 1e6 / n : 0);
	if (got == want)
		return 0;
	printf("%s: %llu, expected %llu\n", sum, (unsigned long long)got,
	       (unsigned long long)want);
	return 1;
}

/* Milliseconds of CPU time this process has used. */
static inline double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#endif

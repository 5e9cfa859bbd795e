/*
 * hugecheck.h: what the test programs use to ask the kernel, not hugelink,
 * which page size backs their own memory.  The oracle is the
 * KernelPageSize line of /proc/self/smaps.
 *
 * Header-only on purpose: test programs include it and need no library.
 */
#ifndef TESTS_INTEGRATION_LIB_HUGECHECK_H
#define TESTS_INTEGRATION_LIB_HUGECHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The smallest KernelPageSize, in kB, of the mappings that cover
 * [addr, addr + len).  Returns 0 when part of the range is not mapped.
 */
static inline long hc_min_page_kb(const void *addr, size_t len)
{
	uintptr_t lo = (uintptr_t)addr, hi = lo + (len ? len : 1);
	uintptr_t covered = lo, start = 0, end = 0;
	char line[512];
	long best = -1;
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long a, b;
		long kb;

		if (sscanf(line, "%lx-%lx ", &a, &b) == 2 && strchr(line, '-') < strchr(line, ' ')) {
			start = a;
			end = b;
			in = end > lo && start < hi;
			continue;
		}
		if (in && sscanf(line, "KernelPageSize: %ld kB", &kb) == 1) {
			if (start > covered)
				break;
			if (best < 0 || kb < best)
				best = kb;
			covered = end;
			in = 0;
		}
	}
	fclose(f);
	return covered >= hi && best > 0 ? best : 0;
}

static inline long hc_page_kb(const void *addr)
{
	return hc_min_page_kb(addr, 1);
}

/* Print "NAME PAGE_KB" for the range, the line the test scripts grep. */
static inline void hc_report(const char *name, const void *addr, size_t len)
{
	printf("%s %ld\n", name, hc_min_page_kb(addr, len));
	fflush(stdout);
}

/* A simple checksum for "every byte reads as it did before". */
static inline uint64_t hc_sum(const void *p, size_t len)
{
	const unsigned char *c = p;
	uint64_t h = 1469598103934665603ull;

	while (len--)
		h = (h ^ *c++) * 1099511628211ull;
	return h;
}

#endif

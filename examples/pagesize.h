/*
 * pagesize.h: ask the kernel which page size backs a range of this
 * program's memory.  The answer comes from the KernelPageSize lines of
 * /proc/self/smaps, so it says what really happened, whatever any library
 * claims.  Header-only, so that an example stays one file to copy.
 */
#ifndef EXAMPLES_PAGESIZE_H
#define EXAMPLES_PAGESIZE_H

#include <stdint.h>
#include <stdio.h>

/*
 * The smallest page size, in kB, among the mappings that overlap
 * [lo, lo + len), or 0 when smaps cannot be read.  The smallest one is
 * the honest answer for a range that is only partly on huge pages.
 */
static inline long page_kb(const void *lo, size_t len)
{
	uintptr_t a = (uintptr_t)lo, z = a + len;
	unsigned long start, end;
	char line[256];
	long kb, min = 0;
	int overlap = 0;
	FILE *smaps = fopen("/proc/self/smaps", "r");

	if (!smaps)
		return 0;
	while (fgets(line, sizeof(line), smaps)) {
		if (sscanf(line, "%lx-%lx %*4[rwxps-] ", &start, &end) == 2)
			overlap = start < z && end > a;
		else if (overlap && sscanf(line, "KernelPageSize: %ld", &kb) == 1)
			min = min && min < kb ? min : kb;
	}
	fclose(smaps);
	return min;
}

/* One line a person can read and a script can match: "NAME: N MiB on K kB pages". */
static inline void print_pages(const char *name, const void *lo, size_t len)
{
	printf("%s: %zu MiB on %ld kB pages\n", name, len >> 20, page_kb(lo, len));
}

#endif

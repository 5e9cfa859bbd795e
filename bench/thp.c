/* SPDX-License-Identifier: MIT */
/*
 * thp.so: the anonymous-copy way onto transparent huge pages, for the
 * benchmark's comparison only (it is not part of hugelink).  Preloaded
 * into a program, its constructor does what iodlr and Node's
 * --use-largepages do, before the program's own code runs:
 *
 *   BENCH_THP=text   copy the 2 MiB-aligned interior of the executable
 *                    segment into anonymous memory advised MADV_HUGEPAGE,
 *                    make it read-only and executable, and mremap() it
 *                    over the original in one step;
 *   BENCH_THP=data   advise the 2 MiB-aligned interior of the writable
 *                    segment (data and bss) MADV_HUGEPAGE, so that the
 *                    kernel backs it with huge pages as it is touched.
 *
 * At exit it says on stderr how much of that range the kernel really
 * backed with huge pages (AnonHugePages in /proc/self/smaps), so that a
 * run which got none cannot pass for one that did.  All of this runs from
 * this library and libc, neither of which is being moved.
 */
#define _GNU_SOURCE
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE ((uintptr_t)2 << 20)

static uintptr_t range_lo, range_hi;
static const char *range_name = "";

/*
 * The first object dl_iterate_phdr() reports is the program itself.  Of
 * its segments with the flag asked for, the last one wins: for data, the
 * one that holds the bss.
 */
static int find_segment(struct dl_phdr_info *info, size_t size, void *want)
{
	unsigned flag = *(unsigned *)want;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + p->p_vaddr;

		if (p->p_type == PT_LOAD && (p->p_flags & flag)) {
			range_lo = (lo + HUGE - 1) & ~(HUGE - 1);
			range_hi = (lo + p->p_memsz) & ~(HUGE - 1);
		}
	}
	return 1;
}

static int move_text(void)
{
	size_t len = range_hi - range_lo;
	char *raw = mmap(NULL, len + HUGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *copy;

	if (raw == MAP_FAILED)
		return -1;
	copy = (char *)(((uintptr_t)raw + HUGE - 1) & ~(HUGE - 1));
	if (madvise(copy, len, MADV_HUGEPAGE))
		return -1;
	memcpy(copy, (void *)range_lo, len);
	if (mprotect(copy, len, PROT_READ | PROT_EXEC))
		return -1;
	if (mremap(copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED,
		   (void *)range_lo) == MAP_FAILED)
		return -1;
	/* What is left of the scratch mapping on either side. */
	munmap(raw, copy - raw);
	munmap(copy + len, raw + len + HUGE - (copy + len));
	return 0;
}

/* kB of AnonHugePages in the mappings inside [range_lo, range_hi). */
static long huge_kb(void)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	unsigned long lo, hi;
	char line[256];
	long kb, sum = 0;
	int in = 0;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*4[rwxps-] ", &lo, &hi) == 2)
			in = lo >= range_lo && hi <= range_hi;
		else if (in && sscanf(line, "AnonHugePages: %ld", &kb) == 1)
			sum += kb;
	}
	if (f)
		fclose(f);
	return sum;
}

__attribute__((destructor)) static void thp_report(void)
{
	if (range_hi > range_lo)
		fprintf(stderr,
			"thp: %s: %ld of %lu MiB on transparent huge pages\n",
			range_name, huge_kb() >> 10,
			(unsigned long)((range_hi - range_lo) >> 20));
}

__attribute__((constructor)) static void thp_start(void)
{
	const char *what = getenv("BENCH_THP");
	unsigned flag;
	int rc;

	if (!what)
		return;
	range_name = what;
	flag = !strcmp(what, "text") ? PF_X : PF_W;
	dl_iterate_phdr(find_segment, &flag);
	if (range_hi <= range_lo) {
		fprintf(stderr, "thp: %s: no 2 MiB-aligned range to move\n",
			what);
		return;
	}
	rc = flag == PF_X ? move_text()
			  : madvise((void *)range_lo, range_hi - range_lo,
				    MADV_HUGEPAGE);
	if (rc)
		perror("thp");
}

/* SPDX-License-Identifier: MIT */
/*
 * hugecheck.h: what the test programs use to ask the kernel, not hugelink,
 * which page size backs their own memory.  The oracle is
 * /proc/self/smaps: KernelPageSize for hugetlb pages, AnonHugePages for
 * transparent huge pages (whose KernelPageSize stays the base page's).
 *
 * Header-only on purpose: test programs include it and need no library.
 */
#ifndef TESTS_INTEGRATION_LIB_HUGECHECK_H
#define TESTS_INTEGRATION_LIB_HUGECHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

		if (sscanf(line, "%lx-%lx ", &a, &b) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
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

/*
 * How much of the mappings that meet [addr, addr + len) transparent huge
 * pages back: the sums of their AnonHugePages and of their Size, in kB.
 */
static inline void hc_thp_kb(const void *addr, size_t len, long *anon_kb,
			     long *size_kb)
{
	uintptr_t lo = (uintptr_t)addr, hi = lo + (len ? len : 1);
	char line[512];
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	*anon_kb = *size_kb = 0;
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long a, b;
		long kb;

		if (sscanf(line, "%lx-%lx ", &a, &b) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			in = b > lo && a < hi;
			continue;
		}
		if (in && sscanf(line, "Size: %ld kB", &kb) == 1)
			*size_kb += kb;
		if (in && sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
			*anon_kb += kb;
	}
	if (f)
		fclose(f);
}

/*
 * True when every mapping that meets [addr, addr + len) carries FLAG (two
 * letters, "hg" for MADV_HUGEPAGE) in its VmFlags.
 */
static inline int hc_vmflag(const void *addr, size_t len, const char *flag)
{
	uintptr_t lo = (uintptr_t)addr, hi = lo + (len ? len : 1);
	char line[512], want[8];
	int in = 0, all = 1, seen = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	snprintf(want, sizeof(want), " %s", flag);
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long a, b;

		if (sscanf(line, "%lx-%lx ", &a, &b) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			in = b > lo && a < hi;
			continue;
		}
		if (in && !strncmp(line, "VmFlags:", 8)) {
			line[strcspn(line, "\n")] = ' ';
			seen = 1;
			all &= strstr(line + 8, want) != NULL &&
			       strstr(line + 8, want)[strlen(want)] == ' ';
		}
	}
	if (f)
		fclose(f);
	return seen && all;
}

/*
 * Print "NAME-thp yes" when transparent huge pages back every mapping
 * that meets the range whole, "no" when none of them, else "partly";
 * "NAME-thp-kb ANON SIZE" with the numbers behind it; and "NAME-advised
 * yes" when every such mapping is advised MADV_HUGEPAGE, else "no".
 */
static inline void hc_report_thp(const char *name, const void *addr, size_t len)
{
	long anon, size;

	hc_thp_kb(addr, len, &anon, &size);
	printf("%s-thp %s\n%s-thp-kb %ld %ld\n%s-advised %s\n", name,
	       anon && anon == size ? "yes" : anon ? "partly" : "no", name,
	       anon, size, name, hc_vmflag(addr, len, "hg") ? "yes" : "no");
	fflush(stdout);
}

/*
 * Print "NAME PAGE_KB" for the range, the line the test scripts grep:
 * its smallest KernelPageSize ("text 2048" on hugetlb pages, "text 4" on
 * base pages), or "NAME thp" when that is the base page size and
 * transparent huge pages back every mapping that meets the range whole.
 */
static inline void hc_report(const char *name, const void *addr, size_t len)
{
	long kb = hc_min_page_kb(addr, len), anon, size;

	hc_thp_kb(addr, len, &anon, &size);
	if (kb == 4 && anon && anon == size)
		printf("%s thp\n", name);
	else
		printf("%s %ld\n", name, kb);
	fflush(stdout);
}

/*
 * Run CHILD in a child made by fork(), which exits with what CHILD
 * returns (standard output flushed on both sides).  True when the child
 * exited 0; false when it failed, or died.
 */
static inline int hc_in_child(int (*child)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int rc = child();

		fflush(stdout);
		_exit(rc);
	}
	return pid > 0 && waitpid(pid, &status, 0) == pid &&
	       WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/*
 * Print the path, inode and device /proc/self/maps gives for the mapping
 * of ADDR, after PREFIX: "PREFIXbacking PATH" ("(anonymous)" for none),
 * "PREFIXinode N", "PREFIXdevice MAJOR:MINOR".
 */
static inline void hc_print_backing(const char *prefix, const void *addr)
{
	uintptr_t a = (uintptr_t)addr;
	char line[512], dev[16] = "0:0", *path = NULL;
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long s, e, inode = 0;
	int off;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %*s %*s %15s %lu %n", &s, &e, dev,
			   &inode, &off) == 4 && a >= s && a < e) {
			path = line + off;
			path[strcspn(path, "\n")] = '\0';
			break;
		}
	printf("%sbacking %s\n", prefix, path && *path ? path : "(anonymous)");
	printf("%sinode %lu\n", prefix, path ? inode : 0);
	printf("%sdevice %s\n", prefix, path ? dev : "0:0");
	if (f)
		fclose(f);
	fflush(stdout);
}

/* Print HugePages_Free and HugePages_Rsvd: "pool-free N", "pool-rsvd N". */
static inline void hc_print_pool(void)
{
	char line[128];
	long v;
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "HugePages_Free: %ld", &v) == 1)
			printf("pool-free %ld\n", v);
		if (sscanf(line, "HugePages_Rsvd: %ld", &v) == 1)
			printf("pool-rsvd %ld\n", v);
	}
	if (f)
		fclose(f);
	fflush(stdout);
}

/*
 * Print "hugetlb-kb N": the hugetlb pages this process maps, in kB
 * (Private_Hugetlb and Shared_Hugetlb summed over its mappings).  Its own
 * share of the pool, which other processes' use does not change.
 */
static inline void hc_print_hugetlb(void)
{
	char line[256];
	long kb, sum = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f) {
		puts("hugetlb-kb unknown");
		return;
	}
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Private_Hugetlb: %ld kB", &kb) == 1 ||
		    sscanf(line, "Shared_Hugetlb: %ld kB", &kb) == 1)
			sum += kb;
	fclose(f);
	printf("hugetlb-kb %ld\n", sum);
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

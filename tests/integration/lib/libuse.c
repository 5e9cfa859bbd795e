/* SPDX-License-Identifier: MIT */
/*
 * libuse: a program that uses libcheck (lib/libcheck.c), linked with it
 * or loading it with dlopen, and reports what the library says of
 * itself.  Options, done in order:
 *
 *   linked        check the libcheck the program is linked with ("lib-...")
 *   mid           check only the middle byte of each kind from then on
 *   thread        start a thread that runs until the program ends
 *   open PATH     dlopen PATH (RTLD_NOW) and check it ("lib-..."): it is
 *                 the library the options below are about
 *   again N       check the Nth library opened ("libN-..."), and make it
 *                 the library the options below are about
 *   spin          start a thread that runs through the library's text
 *                 until the program ends
 *   fork          in a child, check the library ("child-...") and write
 *                 to its data and bss; then check the parent's
 *   close         print where the library's memory lies, dlclose it, and
 *                 print "gone yes" when nothing is left of it: no mapping
 *                 where it was, and no huge-page memory in the rest of
 *                 its last huge page (/proc/self/smaps); else "gone no"
 *                 and what is left
 *   backing       print what /proc/self/maps names as the memory behind
 *                 the library's text ("lib-backing PATH", "lib-inode N")
 *   pool          print HugePages_Free and HugePages_Rsvd ("pool-free N",
 *                 "pool-rsvd N")
 *   wait          print "ready" and wait until standard input ends
 *
 * It prints "ok" at the end when no check found a difference.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hugecheck.h"

static int (*check)(const char *tag, int mid);
static void (*where)(const char *tag);
static void (*write_lib)(void);
static int (*written)(void);
static void *(*spin_lib)(void *arg);
static void (*backing)(const char *tag);
static void *handle;
static void *opened[8];
static int nopened;
static int bad, mid;

static void find(void *h)
{
	check = (int (*)(const char *, int))dlsym(h, "lc_check");
	where = (void (*)(const char *))dlsym(h, "lc_where");
	write_lib = (void (*)(void))dlsym(h, "lc_write");
	written = (int (*)(void))dlsym(h, "lc_written");
	spin_lib = (void *(*)(void *))dlsym(h, "lc_spin");
	backing = (void (*)(const char *))dlsym(h, "lc_backing");
	if (!check || !where || !write_lib || !written || !spin_lib ||
	    !backing) {
		printf("BAD libcheck's functions not found: %s\n", dlerror());
		exit(1);
	}
}

static void *spin(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static int child(void)
{
	int rc = check("child", mid);

	write_lib();
	return rc || !written();
}

static void do_fork(void)
{
	if (!hc_in_child(child)) {
		printf("BAD the child's library\n");
		bad = 1;
	}
	if (written()) {
		printf("BAD the child's writes reached the parent\n");
		bad = 1;
	}
	bad |= check("parent", mid) != 0;
}

/*
 * Whether anything is left of a library that was mapped in [LO, END):
 * any mapping there, or, in [END, HI) (the rest of its last huge page,
 * where another object may have been mapped), huge-page memory: hugetlb
 * pages, or memory advised MADV_HUGEPAGE.  From /proc/self/smaps.
 */
static int left(uintptr_t lo, uintptr_t end, uintptr_t hi)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512], head[512] = "";
	unsigned long a = 0, b = 0;
	long kb;
	int any = 0, in = 0;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &a, &b) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			snprintf(head, sizeof(head), "%s", line);
			in = a < hi && b > lo;
			if (in && a < end) {
				printf("still mapped: %s", head);
				any = 1;
				in = 0;
			}
			continue;
		}
		if (!in)
			continue;
		if ((sscanf(line, "KernelPageSize: %ld kB", &kb) == 1 &&
		     kb > 4) ||
		    (!strncmp(line, "VmFlags:", 8) && strstr(line, " hg"))) {
			printf("huge pages left: %s", head);
			any = 1;
			in = 0;
		}
	}
	if (f)
		fclose(f);
	return any;
}

/* The extent of the object holding an address: [lo, end) from its first
 * PT_LOAD to its last, and hi, end rounded up to 2 MiB. */
struct extent {
	uintptr_t addr, lo, end, hi;
};

static int find_extent(struct dl_phdr_info *info, size_t size, void *data)
{
	struct extent *e = data;
	uintptr_t lo = UINTPTR_MAX, hi = 0;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + p->p_vaddr;

		if (p->p_type != PT_LOAD)
			continue;
		lo = start < lo ? start : lo;
		hi = start + p->p_memsz > hi ? start + p->p_memsz : hi;
	}
	if (e->addr < lo || e->addr >= hi)
		return 0;
	e->lo = lo & ~(uintptr_t)0xfff;
	e->end = (hi + 0xfff) & ~(uintptr_t)0xfff;
	e->hi = (hi + 0x1fffff) & ~(uintptr_t)0x1fffff;
	return 1;
}

/* dlclose the library, and look where it was. */
static void do_close(void)
{
	struct extent e = { (uintptr_t)check, 0, 0, 0 };

	where("lib");
	dl_iterate_phdr(find_extent, &e);
	if (!e.hi) {
		printf("BAD the library's extent\n");
		bad = 1;
	}
	if (dlclose(handle)) {
		printf("BAD dlclose: %s\n", dlerror());
		bad = 1;
	}
	for (int i = 0; i < nopened; i++)
		if (opened[i] == handle)
			opened[i] = NULL;
	handle = NULL;
	printf("gone %s\n", left(e.lo, e.end, e.hi) ? "no" : "yes");
}

int main(int argc, char **argv)
{
	pthread_t t;
	int c;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "linked")) {
			find(RTLD_DEFAULT);
			bad |= check("lib", mid) != 0;
		} else if (!strcmp(argv[i], "mid")) {
			mid = 1;
		} else if (!strcmp(argv[i], "thread")) {
			if (pthread_create(&t, NULL, spin, NULL)) {
				printf("BAD pthread_create\n");
				return 1;
			}
		} else if (!strcmp(argv[i], "open") && i + 1 < argc) {
			handle = dlopen(argv[++i], RTLD_NOW);
			if (!handle) {
				printf("BAD dlopen: %s\n", dlerror());
				return 1;
			}
			if (nopened < 8)
				opened[nopened++] = handle;
			find(handle);
			bad |= check("lib", mid) != 0;
		} else if (!strcmp(argv[i], "again") && i + 1 < argc) {
			int n = atoi(argv[++i]);
			char tag[16];

			if (n < 1 || n > nopened || !opened[n - 1]) {
				printf("BAD no library %d\n", n);
				return 1;
			}
			handle = opened[n - 1];
			find(handle);
			snprintf(tag, sizeof(tag), "lib%d", n);
			bad |= check(tag, mid) != 0;
		} else if (!strcmp(argv[i], "spin") && spin_lib) {
			if (pthread_create(&t, NULL, spin_lib, NULL)) {
				printf("BAD pthread_create\n");
				return 1;
			}
		} else if (!strcmp(argv[i], "fork") && check) {
			do_fork();
		} else if (!strcmp(argv[i], "close") && handle) {
			do_close();
		} else if (!strcmp(argv[i], "backing") && backing) {
			backing("lib");
		} else if (!strcmp(argv[i], "pool")) {
			hc_print_pool();
		} else if (!strcmp(argv[i], "wait")) {
			printf("ready\n");
			while ((c = getchar()) != EOF)
				;
		} else {
			printf("BAD option %s\n", argv[i]);
			return 1;
		}
	}
	if (!bad)
		printf("ok\n");
	return bad;
}

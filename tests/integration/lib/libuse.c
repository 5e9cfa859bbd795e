/*
 * libuse: a program that uses libcheck (lib/libcheck.c), linked with it
 * or loading it with dlopen, and reports what the library says of
 * itself.  Options, done in order:
 *
 *   linked        check the libcheck the program is linked with ("lib-...")
 *   mid           check only the middle byte of each kind from then on
 *   thread        start a thread that runs until the program ends
 *   open PATH     dlopen PATH (RTLD_NOW) and check it ("lib-...")
 *   fork          in a child, check the library ("child-...") and write
 *                 to its data and bss; then check the parent's
 *   close         print where the library's memory lies, dlclose it, and
 *                 print "gone yes" when no mapping is left there
 *                 (/proc/self/maps), else "gone no" and the mapping
 *   pool          print HugePages_Free and HugePages_Rsvd ("pool-free N",
 *                 "pool-rsvd N")
 *   wait          print "ready" and wait until standard input ends
 *
 * It prints "ok" at the end when no check found a difference.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
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
static void *handle;
static int bad, mid;

static void find(void *h)
{
	check = (int (*)(const char *, int))dlsym(h, "lc_check");
	where = (void (*)(const char *))dlsym(h, "lc_where");
	write_lib = (void (*)(void))dlsym(h, "lc_write");
	written = (int (*)(void))dlsym(h, "lc_written");
	if (!check || !where || !write_lib || !written) {
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

/* Whether /proc/self/maps shows anything in [LO, HI). */
static int mapped(uintptr_t lo, uintptr_t hi)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	unsigned long a, b;
	int any = 0;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx", &a, &b) == 2 && a < hi && b > lo) {
			printf("still mapped: %s", line);
			any = 1;
		}
	if (f)
		fclose(f);
	return any;
}

/* dlclose the library, and look where it was. */
static void do_close(void)
{
	char *buf = NULL, *line, *save;
	size_t len = 0;
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	FILE *mem = open_memstream(&buf, &len);
	FILE *out = stdout;

	stdout = mem;
	where("lib");
	fflush(mem);
	stdout = out;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long at;
		size_t n;
		char tag[64];

		printf("%s\n", line);
		if (sscanf(line, "%63s %lx %zu", tag, &at, &n) == 3) {
			lo = at < lo ? at : lo;
			hi = at + n > hi ? at + n : hi;
		}
	}
	fclose(mem);
	free(buf);
	if (dlclose(handle)) {
		printf("BAD dlclose: %s\n", dlerror());
		bad = 1;
	}
	handle = NULL;
	printf("gone %s\n", mapped(lo, hi) ? "no" : "yes");
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
			find(handle);
			bad |= check("lib", mid) != 0;
		} else if (!strcmp(argv[i], "fork") && check) {
			do_fork();
		} else if (!strcmp(argv[i], "close") && handle) {
			do_close();
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

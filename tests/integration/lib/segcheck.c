/* SPDX-License-Identifier: MIT */
/*
 * segcheck: a program with megabytes of text, rodata, data and bss that
 * checks, from the inside, what the kernel says about its own memory.
 *
 * Before any constructor runs, a preinit function writes to data and bss
 * and fills the heap (a small block from the brk heap, a large one
 * mapped on its own), as libc and early constructors do in real
 * programs.  main then prints, for each kind of memory, the smallest
 * KernelPageSize backing it ("text 2048"), and checks that every byte
 * reads as it should: text and rodata against the program file itself,
 * data and bss and heap against what was written.  It prints "BAD ..."
 * for each difference and "ok" when there is none.
 *
 * Options: "fork" also checks that a child and its parent keep their own
 * data; "fds" lists huge-page file descriptors left open; "relro" prints
 * the protection of a RELRO page; "mid" prints the page size in the middle
 * of each kind (for partial remaps), and "first" at its first byte
 * ("text-first 2048"); "backing" prints what /proc/self/maps
 * names as the memory behind the text (path, inode, device); "pool"
 * prints HugePages_Free and HugePages_Rsvd; "hugetlb" the hugetlb pages
 * the process maps ("hugetlb-kb N"); "where" prints the address
 * and length of each kind ("text-at 0x... N"); "wait" keeps the process
 * alive after its verdict, until its standard input reaches end of file,
 * so that a tool can look at it from outside; "thp" prints, for each
 * kind, whether transparent huge pages back it ("text-thp yes", from
 * AnonHugePages), and after "fork" the same for the child's data and bss;
 * "aslimit" leaves the process room for only 4 MiB more of address space
 * (RLIMIT_AS) from then on; "stderr=FILE" closes fd 2 and opens FILE
 * there for reading and writing, as a daemon opens its data.
 * Any other option is a mistake in the test, reported as BAD.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bigsegs.h"
#include "hugecheck.h"
#include "samefile.h"


__thread int tls_value = 42;
static const char *const relro_table[] = { "relro", "table" };

extern char **environ;
static unsigned char *early_heap, *early_brk;
static int bad;
static int want_thp;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("BAD %s\n", what);
		bad = 1;
	}
}

/* Runs before every constructor, hugelink's included. */
static void early(void)
{
	big_data[0] = 1;
	big_data[SZ - 1] = 2;
	big_bss[0] = 3;
	big_bss[SZ / 2] = 4;
	big_bss[SZ - 1] = 5;
	early_heap = malloc(1 << 20);
	if (early_heap)
		memset(early_heap, 0x77, 1 << 20);
	early_brk = malloc(64 << 10);	/* below the mmap threshold */
	if (early_brk)
		memset(early_brk, 0x66, 64 << 10);
}
__attribute__((section(".preinit_array"), used))
static void (*const preinit)(void) = early;

/*
 * The program's file: argv[0] when it is a path (started as "ld.so ./sc",
 * /proc/self/exe is the loader), else /proc/self/exe.
 */
static const char *program_file;

/* Compare N bytes at ADDR with the program file, where they came from. */
static int same_as_file(const void *addr, size_t n)
{
	return hc_same_as_file(program_file, addr, n);
}

static void check_contents(void)
{
	size_t i;

	expect(same_as_file(big_text, SZ), "text differs from the file");
	expect(same_as_file(big_ro, SZ), "rodata differs from the file");
	expect(big_data[0] == 1 && big_data[SZ - 1] == 2, "data written early");
	for (i = 1; i < SZ - 1 && big_data[i] == 0xa5; i++)
		;
	expect(i == SZ - 1, "data pattern");
	expect(big_bss[0] == 3 && big_bss[SZ / 2] == 4 && big_bss[SZ - 1] == 5,
	       "bss written early");
	expect(early_heap && early_heap[0] == 0x77 &&
	       early_heap[(1 << 20) - 1] == 0x77,
	       "heap filled early");
	for (i = 0; early_brk && i < 64 << 10 && early_brk[i] == 0x66; i++)
		;
	expect(i == 64 << 10, "brk heap filled early");
	expect(tls_value == 42, "TLS initial value");
	/* In a -no-pie program these are copy-relocated into our bss. */
	expect(stdout != NULL && fprintf(stdout, "stdout works\n") > 0,
	       "stdout after the remap");
	expect(environ && environ[0], "environ after the remap");
	expect(!strcmp(relro_table[1], "table"), "RELRO table");
	((void (*)(void))big_text)();		/* the text still runs */
}

static void check_heap_grows(void)
{
	for (int i = 0; i < 1000; i++) {
		char *p = malloc(4096);

		expect(p != NULL, "malloc after remap");
		if (p)
			memset(p, i, 4096);
	}
	expect(sbrk(0) != (void *)-1, "sbrk");
}

/* The child writes to its data and bss, then says what backs them. */
static int fork_child(void)
{
	big_data[100] = 9;
	big_bss[100] = 9;
	printf("child-data %ld\nchild-bss %ld\n", hc_page_kb(big_data),
	       hc_page_kb(big_bss));
	if (want_thp) {
		hc_report_thp("child-data", big_data, SZ);
		hc_report_thp("child-bss", big_bss, SZ);
	}
	return big_data[100] == 9 && big_bss[100] == 9 &&
	       big_data[0] == 1 && big_bss[SZ - 1] == 5 ? 0 : 1;
}

/* Parent and child each keep their own data. */
static void check_fork(void)
{
	expect(hc_in_child(fork_child), "child's data");
	expect(big_data[100] == 0xa5 && big_bss[100] == 0,
	       "parent's data after fork");
	printf("fork ok\n");
}

/* Huge-page file descriptors left open (they would leak into exec). */
static void list_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	char path[300], target[256];
	int n = 0;

	expect(d != NULL, "cannot list /proc/self/fd");
	while (d && (e = readdir(d))) {
		ssize_t len;

		snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
		len = readlink(path, target, sizeof(target) - 1);
		if (len > 0) {
			target[len] = '\0';
			n += strstr(target, "hugelink") ||
			     strstr(target, "huge");
		}
	}
	if (d)
		closedir(d);
	printf("hugefds %d\n", n);
}

/* The protection of the RELRO page, from /proc/self/maps. */
static void print_relro(void)
{
	uintptr_t a = (uintptr_t)relro_table;
	char line[512], perms[8] = "?";
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long s, e;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %7s", &s, &e, perms) == 3 &&
		    a >= s && a < e)
			break;
	if (f)
		fclose(f);
	printf("relro %s\n", perms);
}

static void print_middles(void)
{
	hc_report("text-mid", big_text + SZ / 2, 1);
	hc_report("rodata-mid", big_ro + SZ / 2, 1);
	hc_report("data-mid", big_data + SZ / 2, 1);
	hc_report("bss-mid", big_bss + SZ / 2, 1);
}

static void print_firsts(void)
{
	hc_report("text-first", big_text, 1);
	hc_report("rodata-first", big_ro, 1);
	hc_report("data-first", big_data, 1);
	hc_report("bss-first", big_bss, 1);
}

static void report_thp(void)
{
	hc_report_thp("text", big_text, SZ);
	hc_report_thp("rodata", big_ro, SZ);
	hc_report_thp("data", big_data, SZ);
	hc_report_thp("bss", big_bss, SZ);
	if (early_heap)
		hc_report_thp("heap", early_heap, 1 << 20);
}

static void print_where(void)
{
	printf("text-at %p %zu\nrodata-at %p %zu\n", (void *)big_text, SZ,
	       (void *)big_ro, SZ);
	printf("data-at %p %zu\nbss-at %p %zu\n", (void *)big_data, SZ,
	       (void *)big_bss, SZ);
}

/*
 * Leave this process room for 4 MiB more of address space (RLIMIT_AS):
 * less than a copy of its data and bss, more than one 2 MiB page.
 */
static void limit_address_space(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	long kb = -1;
	struct rlimit r;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmSize: %ld kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	expect(kb > 0, "VmSize in /proc/self/status");
	r.rlim_cur = r.rlim_max = ((rlim_t)kb << 10) + (4 << 20);
	expect(kb > 0 && setrlimit(RLIMIT_AS, &r) == 0, "setrlimit(RLIMIT_AS)");
}

/* Put FILE, open for reading and writing, on fd 2. */
static void reopen_stderr(const char *file)
{
	close(2);
	expect(open(file, O_RDWR) == 2, "open on fd 2");
}

/* Block until standard input reaches end of file (or fails). */
static void wait_for_eof(void)
{
	char c;

	while (read(0, &c, 1) > 0)
		;
}

int main(int argc, char **argv)
{
	int hold = 0;

	program_file = strchr(argv[0], '/') ? argv[0] : "/proc/self/exe";
	for (int i = 1; i < argc; i++)
		want_thp |= !strcmp(argv[i], "thp");
	hc_report("text", big_text, SZ);
	hc_report("rodata", big_ro, SZ);
	hc_report("data", big_data, SZ);
	hc_report("bss", big_bss, SZ);
	hc_report("brk", early_brk, 64 << 10);
	if (want_thp)
		report_thp();
	check_contents();
	check_heap_grows();
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "fork"))
			check_fork();
		else if (!strcmp(argv[i], "fds"))
			list_fds();
		else if (!strcmp(argv[i], "relro"))
			print_relro();
		else if (!strcmp(argv[i], "mid"))
			print_middles();
		else if (!strcmp(argv[i], "first"))
			print_firsts();
		else if (!strcmp(argv[i], "backing"))
			hc_print_backing("", big_text);
		else if (!strcmp(argv[i], "pool"))
			hc_print_pool();
		else if (!strcmp(argv[i], "hugetlb"))
			hc_print_hugetlb();
		else if (!strcmp(argv[i], "where"))
			print_where();
		else if (!strcmp(argv[i], "aslimit"))
			limit_address_space();
		else if (!strcmp(argv[i], "wait"))
			hold = 1;
		else if (!strncmp(argv[i], "stderr=", 7))
			reopen_stderr(argv[i] + 7);
		else if (!strcmp(argv[i], "thp"))
			continue;
		else
			expect(0, "unknown option");
	}
	printf(bad ? "BAD\n" : "ok\n");
	fflush(stdout);
	if (hold)
		wait_for_eof();
	return bad;
}

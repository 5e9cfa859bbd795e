/* SPDX-License-Identifier: MIT */
/*
 * randlayout: the program random-layouts.sh builds for each random
 * layout, with layout.h and segs.S from randlayout.py: text, rodata and
 * data made by the assembler, bss and TLS here.  It checks, from the
 * inside:
 *  - what backs text, rodata, data and bss, from /proc/self/smaps,
 *    against its arguments "text=h rodata=t data=b bss=b" (h: hugetlb
 *    pages, KernelPageSize 2048; t: transparent huge pages, AnonHugePages
 *    covering the mappings; b: base pages, or anything but hugetlb pages
 *    with "always", where THP may back any memory; -: empty);
 *  - every byte of text, rodata, data and bss, and every function of
 *    the text, called;
 *  - data and bss written before any constructor ran, and the heap
 *    filled then;
 *  - TLS, in this thread and a new one; malloc and sbrk afterwards;
 *  - a child made by fork() that checks its data, writes its own copy
 *    of data and bss and exits 0, and its parent's data and bss intact
 *    afterwards.
 * It prints "BAD what" for each difference and "ok" when there is none.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hugecheck.h"
#include "layout.h"

#define BASE 4096

extern unsigned char rl_text[];
#if RL_RODATA
extern const unsigned char rl_ro[];
#endif
#if RL_DATA
extern unsigned char rl_data[];
#endif
static unsigned char rl_bss[RL_BSS] __attribute__((aligned(4096)));

static __thread unsigned char tls_data[RL_TDATA] = { 7, [RL_TDATA - 1] = 9 };
static __thread unsigned char tls_bss[RL_TBSS];

static unsigned char *early_heap;
static int bad, always;

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
#if RL_DATA
	rl_data[RL_DATA / 2] = 0x11;
#endif
	rl_bss[0] = 0x22;
	rl_bss[RL_BSS - 1] = 0x33;
	early_heap = malloc(200 << 10);
	if (early_heap)
		memset(early_heap, 0x44, 200 << 10);
}
__attribute__((section(".preinit_array"), used))
static void (*const preinit)(void) = early;

/* What segs.S put at offset I of a marked section of N bytes. */
static unsigned char marked(size_t i, size_t n, unsigned fill, uint64_t key)
{
	size_t page = i / BASE * BASE;
	uint64_t q = (key << 32) + i / BASE;

	if (page + 8 <= n && i - page < 8)
		return (unsigned char)(q >> 8 * (i - page));
	return (unsigned char)fill;
}

/* The byte the data section should hold at I, after early(). */
static unsigned char data_byte(size_t i)
{
	if (i == RL_DATA / 2)
		return 0x11;
	return marked(i, RL_DATA, RL_FILL ^ 0xff, RL_KEY + 1);
}

/* True when the N bytes at P all hold C. */
static int all_are(const unsigned char *p, size_t n, unsigned char c)
{
	uint64_t w = 0x0101010101010101ull * c;
	size_t i = 0;

	for (; i < n && ((uintptr_t)(p + i) & 7); i++)
		if (p[i] != c)
			return 0;
	for (; i + 8 <= n; i += 8)
		if (*(const uint64_t *)(const void *)(p + i) != w)
			return 0;
	for (; i < n; i++)
		if (p[i] != c)
			return 0;
	return 1;
}

static void check_backing(const char *name, const void *p, size_t n,
			  const char *want)
{
	long kb, anon, size;
	char got, what[64];

	if (!n || *want == '-')
		return;
	kb = hc_min_page_kb(p, n);
	hc_thp_kb(p, n, &anon, &size);
	got = kb >= 2048 ? 'h' : anon && anon == size ? 't' : 'b';
	printf("%s %c\n", name, got);
	if (got == *want || (*want == 'b' && got == 't' && always))
		return;
	snprintf(what, sizeof(what), "%s on %c pages, not %c", name, got,
		 *want);
	expect(0, what);
}

static void check_text(void)
{
	size_t i;

	for (i = 0; i < RL_TEXT; i++) {
		size_t at = i % RL_STRIDE;
		int slot = i / RL_STRIDE < RL_TEXT / RL_STRIDE;
		unsigned id = (unsigned)(RL_KEY ^ (i / RL_STRIDE));
		unsigned char want = !slot || at >= 6 ? 0xcc : at == 0 ? 0xb8 :
				     at == 5 ? 0xc3 :
				     (unsigned char)(id >> 8 * (at - 1));

		if (rl_text[i] != want)
			break;
	}
	expect(i == RL_TEXT, "text bytes");
	for (i = 0; i < RL_TEXT / RL_STRIDE; i++) {
		int (*f)(void) = (int (*)(void))(void *)(rl_text +
							 i * RL_STRIDE);

		if (f() != (int)(RL_KEY ^ i))
			break;
	}
	expect(i == RL_TEXT / RL_STRIDE, "text functions");
}

static void check_rodata(void)
{
#if RL_RODATA
	size_t i;

	for (i = 0; i < RL_RODATA && rl_ro[i] == marked(i, RL_RODATA, RL_FILL,
							  RL_KEY); i++)
		;
	expect(i == RL_RODATA, "rodata bytes");
#endif
}

/*
 * Data and bss hold what they should; OURS: the bytes a child wrote over
 * all of them, its own copy.
 */
static int data_intact(int ours)
{
#if RL_DATA
	if (ours && !all_are(rl_data, RL_DATA, 0x3c))
		return 0;
	for (size_t i = 0; !ours && i < RL_DATA; i++)
		if (rl_data[i] != data_byte(i))
			return 0;
#endif
	if (ours)
		return all_are(rl_bss, RL_BSS, 0xc3);
	return rl_bss[0] == 0x22 && rl_bss[RL_BSS - 1] == 0x33 &&
	       all_are(rl_bss + 1, RL_BSS - 2, 0);
}

static void *tls_thread(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)(tls_data[0] == 7 &&
				  tls_data[RL_TDATA - 1] == 9 &&
				  tls_bss[RL_TBSS - 1] == 0);
}

static void check_tls(void)
{
	pthread_t t;
	void *ok = NULL;

	expect(tls_data[0] == 7 && tls_data[RL_TDATA - 1] == 9 &&
	       tls_bss[0] == 0 && tls_bss[RL_TBSS - 1] == 0, "TLS");
	tls_data[0] = 1;
	tls_bss[0] = 1;
	expect(pthread_create(&t, NULL, tls_thread, NULL) == 0 &&
	       pthread_join(t, &ok) == 0 && ok, "TLS in a new thread");
}

static void check_heap(void)
{
	char *brk0 = sbrk(0), *more;
	size_t i;

	for (i = 0; early_heap && i < 200 << 10 && early_heap[i] == 0x44; i++)
		;
	expect(i == 200 << 10, "heap filled before the constructors");
	for (i = 0; i < 300; i++) {
		char *p = malloc(1000 + i * 37);

		expect(p != NULL, "malloc");
		if (p)
			memset(p, (int)i, 1000 + i * 37);
	}
	free(malloc(4 << 20));
	expect(brk0 != (void *)-1, "sbrk(0)");
	more = sbrk(64 << 10);
	expect(more != (void *)-1, "sbrk grows the heap");
	if (more != (void *)-1)
		memset(more, 1, 64 << 10);
}

/* The child checks its data, writes its own copy of it and checks that. */
static int fork_child(void)
{
	int ok = data_intact(0);

#if RL_DATA
	memset(rl_data, 0x3c, RL_DATA);
#endif
	memset(rl_bss, 0xc3, RL_BSS);
	return ok && data_intact(1) ? 0 : 1;
}

static void check_fork(void)
{
	expect(hc_in_child(fork_child), "the child's data, or the child died");
	expect(data_intact(0), "the parent's data and bss after the child");
}

int main(int argc, char **argv)
{
	const char *want[4] = { "-", "-", "-", "-" };
	static const char *const names[4] = { "text", "rodata", "data", "bss" };

	for (int i = 1; i < argc; i++) {
		for (int k = 0; k < 4; k++)
			if (!strncmp(argv[i], names[k], strlen(names[k])) &&
			    argv[i][strlen(names[k])] == '=')
				want[k] = argv[i] + strlen(names[k]) + 1;
		always |= !strcmp(argv[i], "always");
	}
	check_backing("text", rl_text, RL_TEXT, want[0]);
#if RL_RODATA
	check_backing("rodata", rl_ro, RL_RODATA, want[1]);
#endif
#if RL_DATA
	check_backing("data", rl_data, RL_DATA, want[2]);
#endif
	check_backing("bss", rl_bss, RL_BSS, want[3]);
	check_text();
	check_rodata();
	expect(data_intact(0), "data and bss");
	check_tls();
	check_heap();
	check_fork();
	printf(bad ? "BAD\n" : "ok\n");
	return bad;
}

/* SPDX-License-Identifier: MIT */
/*
 * libcheck: a shared library with megabytes of text, rodata, data and
 * bss, and thread-local storage, that checks from the inside what the
 * kernel says about its own memory, as segcheck does for a program.
 *
 * A constructor that runs before any other of the library's (hugelink's
 * included) writes to its data and bss; the loader has written
 * relocated pointers into its data before that.  lc_check(TAG, MID) then
 * prints, for each kind of memory, the smallest KernelPageSize backing
 * it ("TAG-text 2048", or "TAG-text thp" on transparent huge pages; with
 * MID, of its middle byte only, for a library moved in part), and
 * checks every byte: text and rodata against the library's own file,
 * data and bss against what was written, TLS in this thread and in a new
 * one.  It prints "BAD ..." for each difference and returns how many.
 * lc_where(TAG) prints where each kind lies ("TAG-text-at 0x... N").
 * lc_write() writes to data and bss; lc_written() says whether those
 * writes are there.  lc_spin, a thread's start routine, runs through the
 * text, page after page, for ever.  lc_backing(TAG) prints what
 * /proc/self/maps names as the memory behind the text ("TAG-backing
 * PATH", "TAG-inode N", "TAG-device M:N").
 *
 * LC_UNREADABLE=FILE (the library's own file): the early constructor
 * takes every permission from FILE, so that whatever runs after it, as
 * a user other than root, cannot read it.
 *
 * Built with -DMB=N for N megabytes of each kind (3 by default).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bigsegs.h"
#include "hugecheck.h"
#include "samefile.h"


/* Relocated by the loader, in the data, before any constructor runs. */
static unsigned char *const volatile data_ptr = big_data;
static unsigned char *volatile bss_ptr = big_bss;

static __thread int tls_value = 42;
static __thread int tls_zero;

static int bad;

static void expect(int cond, const char *tag, const char *what)
{
	if (!cond) {
		printf("BAD %s %s\n", tag, what);
		bad++;
	}
}

/* Runs before the library's other constructors, hugelink's included. */
__attribute__((constructor(100))) static void early(void)
{
	big_data[0] = 1;
	big_data[SZ - 1] = 2;
	big_bss[0] = 3;
	big_bss[SZ / 2] = 4;
	big_bss[SZ - 1] = 5;
	if (getenv("LC_UNREADABLE"))
		chmod(getenv("LC_UNREADABLE"), 0);
}

/* Compare N bytes at ADDR with the library's file, where they came from. */
static int same_as_file(const void *addr, size_t n)
{
	Dl_info di;

	return dladdr(addr, &di) && hc_same_as_file(di.dli_fname, addr, n);
}

static void *tls_in_thread(void *arg)
{
	(void)arg;
	return (void *)(uintptr_t)(tls_value == 42 && tls_zero == 0);
}

static void check_contents(const char *tag)
{
	pthread_t t;
	void *ok = NULL;
	size_t i;

	expect(same_as_file(big_text, SZ), tag, "text differs from the file");
	expect(same_as_file(big_ro, SZ), tag, "rodata differs from the file");
	expect(big_data[0] == 1 && big_data[SZ - 1] == 2, tag,
	       "data written early");
	for (i = 1; i < SZ - 1 && big_data[i] == 0xa5; i++)
		;
	expect(i == SZ - 1, tag, "data pattern");
	expect(data_ptr == big_data && bss_ptr == big_bss, tag,
	       "relocated pointers");
	expect(big_bss[0] == 3 && big_bss[SZ / 2] == 4 && big_bss[SZ - 1] == 5,
	       tag, "bss written early");
	for (i = 1; i < SZ - 1 && (!big_bss[i] || i == SZ / 2); i++)
		;
	expect(i == SZ - 1, tag, "bss zeros");
	expect(tls_value == 42 && tls_zero == 0, tag, "TLS in this thread");
	expect(!pthread_create(&t, NULL, tls_in_thread, NULL) &&
	       !pthread_join(t, &ok) && ok, tag, "TLS in a new thread");
	((void (*)(void))big_text)();	/* the text still runs */
}

/* Report on [P, P + SZ), or on its middle byte with MID. */
static void report(const char *tag, const char *kind, const unsigned char *p,
		   int mid)
{
	char name[64];

	snprintf(name, sizeof(name), "%s-%s", tag, kind);
	if (mid)
		hc_report(name, p + SZ / 2, 1);
	else
		hc_report(name, p, SZ);
}

int lc_check(const char *tag, int mid)
{
	bad = 0;
	report(tag, "text", big_text, mid);
	report(tag, "rodata", big_ro, mid);
	report(tag, "data", big_data, mid);
	report(tag, "bss", big_bss, mid);
	check_contents(tag);
	fflush(stdout);
	return bad;
}

void lc_where(const char *tag)
{
	printf("%s-text-at %p %zu\n%s-rodata-at %p %zu\n%s-data-at %p %zu\n"
	       "%s-bss-at %p %zu\n", tag, (void *)big_text, SZ, tag,
	       (void *)big_ro, SZ, tag, (void *)big_data, SZ, tag,
	       (void *)big_bss, SZ);
	fflush(stdout);
}

void lc_write(void)
{
	big_data[100] = 9;
	big_bss[100] = 9;
}

int lc_written(void)
{
	return big_data[100] == 9 && big_bss[100] == 9;
}

void *lc_spin(void *arg)
{
	(void)arg;
	for (;;)
		for (size_t off = 0; off < SZ; off += 4096)
			((void (*)(void))(big_text + off))();
	return NULL;
}

void lc_backing(const char *tag)
{
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "%s-", tag);
	hc_print_backing(prefix, big_text + SZ / 2);
}

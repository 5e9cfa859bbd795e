/* SPDX-License-Identifier: MIT */
/*
 * readerlib: a shared library whose constructor starts a thread that
 * reads the program's read-only segments, a byte of every page, over and
 * over until the program ends.  Preloaded, its constructor runs before
 * the program's, and returns only once the thread has read every page
 * once: the thread is reading whenever the runtime swaps those segments.
 * A swap that leaves a page unmapped for a moment kills the process with
 * SIGSEGV.
 */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

static const ElfW(Phdr) *phdr;
static ElfW(Half) phnum;
static uintptr_t bias;
static volatile unsigned long sink;
static volatile int passed;

/* The program's program headers: the first object reported. */
static int first(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	phdr = info->dlpi_phdr;
	phnum = info->dlpi_phnum;
	bias = info->dlpi_addr;
	return 1;
}

/* Read a byte of every page of every read-only PT_LOAD of the program. */
static void read_once(uintptr_t page)
{
	for (int i = 0; i < phnum; i++) {
		const ElfW(Phdr) *p = &phdr[i];
		uintptr_t at = (bias + p->p_vaddr) & ~(page - 1);

		if (p->p_type != PT_LOAD || !(p->p_flags & PF_R) ||
		    (p->p_flags & PF_W))
			continue;
		for (; at < bias + p->p_vaddr + p->p_memsz; at += page)
			sink += *(volatile const unsigned char *)at;
	}
}

static void *reader(void *arg)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

	(void)arg;
	for (;;) {
		read_once(page);
		passed = 1;
	}
	return NULL;
}

__attribute__((constructor)) static void start(void)
{
	pthread_t t;

	dl_iterate_phdr(first, NULL);
	if (!phdr || pthread_create(&t, NULL, reader, NULL))
		_exit(99);
	while (!passed)
		;
}

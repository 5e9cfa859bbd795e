/* SPDX-License-Identifier: MIT */
/*
 * mach_pagemap_written: a private mapping of a file read and left alone
 * holds no page written; one page written makes the answer 1, found in
 * the range that holds it and not in the others.  On a kernel without
 * PAGEMAP_SCAN (before Linux 6.7) the answer is -1, and the tests say so
 * and check nothing more.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "machine/pagemap.h"

#define PAGES 8

/* A private mapping of a file of PAGES pages of 'f', each page read. */
static char *map_file(size_t pg)
{
	FILE *f = tmpfile();
	volatile char sum = 0;
	char *m;

	assert_non_null(f);
	for (size_t i = 0; i < PAGES * pg; i++)
		fputc('f', f);
	fflush(f);
	m = mmap(NULL, PAGES * pg, PROT_READ, MAP_PRIVATE, fileno(f), 0);
	fclose(f);
	assert_true(m != MAP_FAILED);
	for (size_t i = 0; i < PAGES; i++)
		sum += m[i * pg];
	(void)sum;
	return m;
}

static void test_mach_pagemap_written_finds_the_page(void **state)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	int fd = mach_pagemap_open();
	char *m = map_file(pg);
	uintptr_t lo = (uintptr_t)m;
	int r;

	(void)state;
	assert_true(fd >= 0);
	r = mach_pagemap_written(fd, lo, lo + PAGES * pg);
	if (r < 0) {
		printf("no PAGEMAP_SCAN on this kernel\n");
	} else {
		assert_int_equal(r, 0);
		assert_int_equal(mprotect(m, PAGES * pg,
					  PROT_READ | PROT_WRITE), 0);
		m[5 * pg + 3] = 'p';
		assert_int_equal(mach_pagemap_written(fd, lo, lo + PAGES * pg),
				 1);
		assert_int_equal(mach_pagemap_written(fd, lo + 5 * pg,
						      lo + 6 * pg), 1);
		assert_int_equal(mach_pagemap_written(fd, lo, lo + 5 * pg), 0);
		assert_int_equal(mach_pagemap_written(fd, lo + 6 * pg,
						      lo + PAGES * pg), 0);
	}
	munmap(m, PAGES * pg);
	close(fd);
}

static void test_mach_pagemap_written_cannot_tell(void **state)
{
	(void)state;
	assert_int_equal(mach_pagemap_written(-1, 0, 4096), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mach_pagemap_written_finds_the_page),
		cmocka_unit_test(test_mach_pagemap_written_cannot_tell),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

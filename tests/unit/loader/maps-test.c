/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "loader/maps.h"

/* A file of N maps lines of anonymous memory, one base page each; its
 * descriptor, read from its start. */
static int maps_file(size_t n)
{
	FILE *f = tmpfile();

	assert_non_null(f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%zx-%zx rw-p 00000000 00:00 0 \n", (i + 1) << 12,
			(i + 2) << 12);
	fflush(f);
	return dup(fileno(f));
}

/* Lines short enough that their index would not fit beside the text in
 * the buffer that holds it: the buffer grows, and the lines are indexed
 * all the same. */
static void test_ldr_maps_read_from_indexes_many_short_lines(void **state)
{
	int fd = maps_file(2000);
	struct hl_maps m;

	(void)state;
	assert_int_equal(ldr_maps_read_from(fd, &m), 0);
	assert_true(m.len > 60000);
	assert_non_null(m.line);
	assert_int_equal(m.nlines, 2000);
	assert_int_equal(m.line[1999].start, (uintptr_t)2000 << 12);
	ldr_maps_free(&m);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_ldr_maps_read_from_indexes_many_short_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

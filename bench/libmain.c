/* SPDX-License-Identifier: MIT */
/*
 * libmain: a small program whose text lives in a shared library
 * (biglib), for timing its start-up with the library's text on base
 * pages, on huge pages, and shared.
 *
 *     libmain         return at once
 *     libmain text    print the page size of the library's text
 *     libmain hold    the same, then "ready", then wait to be killed, so
 *                     that the benchmark can count the huge pages
 *                     running copies hold
 */
#include <string.h>

#include "hold.h"
#include "measure.h"

const void *biglib_text(void);
size_t biglib_size(void);

int main(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "text") || !strcmp(argv[1], "hold")))
		print_pages("text", biglib_text(), biglib_size());
	bench_hold(argc > 1 && !strcmp(argv[1], "hold"));
	return 0;
}

/*
 * bigseg: a program made of MIB MiB of text and MIB MiB of initialised
 * data and nothing much else, for timing start-up: with HUGETLB_ELFMAP=R
 * the runtime copies the text onto huge pages before main, with W the
 * data, and the difference from a run on base pages is what that costs.
 *
 *     bigseg          return at once
 *     bigseg text     print the page size of the text (from smaps)
 *     bigseg data     print the page size of the data
 *     bigseg hold     print the page size of the text, then "ready", then
 *                     wait to be killed, so that the benchmark can count
 *                     the huge pages running copies hold
 *
 * The segments are made by the assembler, so that building even the
 * largest one takes a moment.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "measure.h"

#ifndef MIB
#define MIB 8
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

__asm__(".pushsection .text.bigseg,\"ax\",%progbits\n"
	".globl big_text\nbig_text:\n"
	".fill " STR(MIB) " * 1048576, 1, 0\n"
	".popsection\n"
	".pushsection .data.bigseg,\"aw\",%progbits\n"
	".globl big_data\nbig_data:\n"
	".fill " STR(MIB) " * 1048576, 1, 0x5a\n"
	".popsection\n");
extern const char big_text[], big_data[];

int main(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "text") || !strcmp(argv[1], "hold")))
		print_pages("text", big_text, (size_t)MIB << 20);
	if (argc > 1 && !strcmp(argv[1], "data"))
		print_pages("data", big_data, (size_t)MIB << 20);
	if (argc > 1 && !strcmp(argv[1], "hold")) {
		printf("ready\n");
		fflush(stdout);
		for (;;)
			pause();
	}
	return 0;
}

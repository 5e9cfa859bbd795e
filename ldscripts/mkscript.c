/* SPDX-License-Identifier: MIT */
/*
 * mkscript: the build's generator of --hugetlbfs-link scripts.  Reads the
 * output of "ld --verbose -m EMULATION ..." on standard input and writes
 * the B or BDT script for that emulation's default huge page size:
 *   B    the default layout, with .bss in a segment of its own that
 *        starts on a huge-page boundary;
 *   BDT  the --hugetlbfs-align layout: every segment on its own huge
 *        pages.
 * Usage: mkscript B|BDT EMULATION
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "linker/emul.h"
#include "linker/script.h"
#include "machine/readall.h"

int main(int argc, char **argv)
{
	enum lw_script_kind kind;
	char *in, *out;
	size_t in_len;
	size_t page;

	if (argc != 3 || (strcmp(argv[1], "B") && strcmp(argv[1], "BDT")))
		errx(2, "usage: mkscript B|BDT EMULATION");
	kind = strcmp(argv[1], "B") == 0 ? LW_SCRIPT_BSS : LW_SCRIPT_ALIGN;
	page = lw_emul_page_size(argv[2]);
	if (!page)
		errx(2, "no huge page size known for emulation %s", argv[2]);
	in = mach_read_fd(STDIN_FILENO, SIZE_MAX, &in_len);
	if (!in)
		err(1, "standard input");
	out = lw_script_make(in, kind, page, page);
	if (!out)
		return 1;
	if (fputs(out, stdout) == EOF || fflush(stdout) != 0)
		err(1, "standard output");
	free(out);
	free(in);
	return 0;
}

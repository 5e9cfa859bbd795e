/* SPDX-License-Identifier: MIT */
#ifndef ELF_USDT_H
#define ELF_USDT_H
/*
 * USDT probes (<sys/sdt.h>, "stapsdt" notes in the .note.stapsdt
 * section): where they are, so that the tools can say which would stop
 * firing once their text is moved to huge pages.  uprobes, and so USDT
 * probes, perf probe and bpftrace, are attached to the program file's
 * inode and offset, and the kernel never places them in hugetlb or
 * anonymous memory.  The section is found through the section headers;
 * without them nothing can be told.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "elf/file.h"

struct el_usdt {
	bool known;		/* the file has section headers */
	size_t n;		/* probes */
	uint64_t *pc;		/* their addresses, as the notes give them */
};

/*
 * Fill U for F.  Returns 0 (U->known false when F has no section
 * headers), or -1 after a warning naming the file.  Release with
 * el_usdt_free either way.
 */
int el_usdt_read(const struct el_file *f, struct el_usdt *u);

void el_usdt_free(struct el_usdt *u);

#endif

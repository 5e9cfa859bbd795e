/* SPDX-License-Identifier: MIT */
/*
 * headers.h: where a test program's own ELF headers' segment lies, the
 * PT_LOAD at file offset 0, which starts at __ehdr_start.  Header-only,
 * as hugecheck.h.
 */
#ifndef TESTS_INTEGRATION_LIB_HEADERS_H
#define TESTS_INTEGRATION_LIB_HEADERS_H

#include <link.h>
#include <stddef.h>

extern const ElfW(Ehdr) __ehdr_start;

/* The file size of the segment that holds the ELF header, or 0. */
static inline size_t hc_headers_len(void)
{
	const ElfW(Phdr) *ph = (const void *)((const char *)&__ehdr_start +
					      __ehdr_start.e_phoff);

	for (int i = 0; i < __ehdr_start.e_phnum; i++)
		if (ph[i].p_type == PT_LOAD && ph[i].p_offset == 0)
			return ph[i].p_filesz;
	return 0;
}

#endif

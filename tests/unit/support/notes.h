/* SPDX-License-Identifier: MIT */
/*
 * Building ELF notes for tests: the bytes a PT_NOTE segment would hold.
 */
#ifndef TESTS_UNIT_SUPPORT_NOTES_H
#define TESTS_UNIT_SUPPORT_NOTES_H

#include <elf.h>
#include <stdint.h>
#include <string.h>

/* Append a note of TYPE owned by NAME with DESCSZ bytes of DESC to BUF
 * at *N, aligned to A (4 or 8): the descriptor and the next note each
 * start at a multiple of A from the note's start, as the gABI lays
 * them out. */
static inline void put_note(unsigned char *buf, size_t *n, size_t a,
			    uint32_t type, const char *name, const void *desc,
			    uint32_t descsz)
{
	Elf32_Nhdr h = { (uint32_t)strlen(name) + 1, descsz, type };
	size_t name_len = ((sizeof(h) + h.n_namesz + a - 1) & ~(a - 1)) - sizeof(h);
	size_t desc_len = (descsz + a - 1) & ~(a - 1);

	memcpy(buf + *n, &h, sizeof(h));
	memset(buf + *n + sizeof(h), 0, name_len + desc_len);
	memcpy(buf + *n + sizeof(h), name, h.n_namesz);
	memcpy(buf + *n + sizeof(h) + name_len, desc, descsz);
	*n += sizeof(h) + name_len + desc_len;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Building ELF notes for tests: the bytes a PT_NOTE segment would hold.
 */
#ifndef TESTS_UNIT_SUPPORT_NOTES_H
#define TESTS_UNIT_SUPPORT_NOTES_H

#include <elf.h>
#include <stdint.h>
#include <string.h>

#include "core/note.h"

/* Append a note of TYPE owned by NAME with DESCSZ bytes of DESC to BUF
 * at *N, aligned to A (4 or 8): the descriptor and the next note each
 * start at a multiple of A from the note's start, as the gABI lays
 * them out. */
static inline void put_note(unsigned char *buf, size_t *n, size_t a,
			    uint32_t type, const char *name, const void *desc,
			    uint32_t descsz)
{
	Elf32_Nhdr h = { (uint32_t)strlen(name) + 1, descsz, type };
	size_t name_len = ((sizeof(h) + h.n_namesz + a - 1) & ~(a - 1)) -
			  sizeof(h);
	size_t desc_len = (descsz + a - 1) & ~(a - 1);

	memcpy(buf + *n, &h, sizeof(h));
	memset(buf + *n + sizeof(h), 0, name_len + desc_len);
	memcpy(buf + *n + sizeof(h), name, h.n_namesz);
	memcpy(buf + *n + sizeof(h) + name_len, desc, descsz);
	*n += sizeof(h) + name_len + desc_len;
}

/*
 * Append to BUF at *N the notes of a copy of the runtime, aligned to 4:
 * its version note ("1.0") and its entry note, of ABI, whose distance
 * leads to TARGET (an offset in BUF).
 */
static inline void put_runtime_notes(unsigned char *buf, size_t *n,
				     uint32_t abi, uint64_t target)
{
	uint32_t head[2] = { abi, 0 };
	unsigned char desc[16];
	size_t at;
	int64_t dist;

	put_note(buf, n, 4, HL_NOTE_RUNTIME, HL_NOTE_OWNER, "1.0", 4);
	at = *n + sizeof(Elf32_Nhdr) + 12;	/* the entry descriptor */
	dist = (int64_t)target - (int64_t)at;
	memcpy(desc, head, sizeof(head));
	memcpy(desc + 8, &dist, sizeof(dist));
	put_note(buf, n, 4, HL_NOTE_ENTRY, HL_NOTE_OWNER, desc, sizeof(desc));
}

#endif

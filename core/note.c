/* SPDX-License-Identifier: MIT */
/*
 * Walking ELF notes: see note.h.  Every size is checked against what is
 * left before it is used.
 */
#include <elf.h>
#include <stdint.h>
#include <string.h>

#include "core/note.h"

size_t hl_note_align(unsigned long long p_align)
{
	return p_align == 8 ? 8 : 4;
}

static size_t round_up(size_t n, size_t align)
{
	return (n + align - 1) & ~(align - 1);
}

const void *hl_note_find(const void *notes, size_t len, size_t align,
			 const char *name, unsigned type, size_t *descsz)
{
	const unsigned char *p = notes;
	size_t want = strlen(name) + 1;
	Elf32_Nhdr n;	/* Elf64_Nhdr has the same three 32-bit words */

	while (len >= sizeof(n)) {
		size_t nsz, dsz, whole;

		memcpy(&n, p, sizeof(n));
		nsz = round_up(n.n_namesz, align);
		dsz = round_up(n.n_descsz, align);
		if (nsz > len || dsz > len || sizeof(n) + nsz + dsz > len)
			return NULL;
		whole = sizeof(n) + nsz + dsz;
		if (n.n_type == type && n.n_namesz == want &&
		    !memcmp(p + sizeof(n), name, want)) {
			*descsz = n.n_descsz;
			return p + sizeof(n) + nsz;
		}
		p += whole;
		len -= whole;
	}
	return NULL;
}

size_t hl_note_build_id(const void *notes, size_t len, size_t align,
			unsigned char *out, size_t max)
{
	size_t n;
	const void *id = hl_note_find(notes, len, align, "GNU",
				      NT_GNU_BUILD_ID, &n);

	if (!id || n > max)
		return 0;
	memcpy(out, id, n);
	return n;
}

bool hl_note_runtime(const void *notes, size_t len, size_t align,
		     char *out, size_t max)
{
	size_t n;
	const char *v = hl_note_find(notes, len, align, HL_NOTE_OWNER,
				     HL_NOTE_RUNTIME, &n);

	if (!v || !max)
		return false;
	n = strnlen(v, n);
	if (n >= max)
		n = max - 1;
	memcpy(out, v, n);
	out[n] = '\0';
	return true;
}

bool hl_note_entry_offset(const void *desc, size_t descsz, unsigned abi,
			 int64_t *offset)
{
	uint32_t words[2];

	if (!desc || descsz != HL_ENTRY_DESC_SIZE)
		return false;
	memcpy(words, desc, sizeof(words));
	memcpy(offset, (const char *)desc + sizeof(words), sizeof(*offset));
	return words[0] == abi && words[1] == 0 && *offset;
}

const void *hl_note_entry(const void *desc, size_t descsz, unsigned abi)
{
	int64_t offset;

	if (!hl_note_entry_offset(desc, descsz, abi, &offset))
		return NULL;
	return (const char *)desc + offset;
}

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

/*
 * Whether the SIZE bytes at AT, a note's name with its terminating NUL,
 * are NAME.  A loop of its own rather than strlen and memcmp: the
 * runtime looks for its notes at every start, and each libc function
 * costs the dynamic loader a binding at its first call.
 */
static bool name_is(const unsigned char *at, size_t size, const char *name)
{
	size_t i = 0;

	while (i < size && name[i] && at[i] == (unsigned char)name[i])
		i++;
	return i + 1 == size && !name[i] && !at[i];
}

/*
 * Take apart the note at P, LEN bytes left (at least a header's): its
 * header into *N, where its descriptor starts into *DESC and where the
 * next note does into *WHOLE.  The descriptor starts at the first
 * multiple of ALIGN after the header and name, and the next note at the
 * first after it: with 8-byte alignment (GNU property notes) "GNU\0"
 * needs no padding.  False when its sizes run past the LEN bytes.
 */
static bool note_at(const unsigned char *p, size_t len, size_t align,
		    Elf32_Nhdr *n, size_t *desc, size_t *whole)
{
	memcpy(n, p, sizeof(*n));	/* Elf64_Nhdr has the same words */
	if (n->n_namesz > len - sizeof(*n))
		return false;
	*desc = round_up(sizeof(*n) + n->n_namesz, align);
	if (*desc > len || n->n_descsz > len - *desc)
		return false;
	*whole = round_up(*desc + n->n_descsz, align);
	return true;
}

const void *hl_note_find(const void *notes, size_t len, size_t align,
			 const char *name, unsigned type, size_t *descsz)
{
	const unsigned char *p = notes;
	Elf32_Nhdr n;
	size_t desc, whole;

	while (len >= sizeof(n)) {
		if (!note_at(p, len, align, &n, &desc, &whole))
			return NULL;
		if (n.n_type == type &&
		    name_is(p + sizeof(n), n.n_namesz, name)) {
			*descsz = n.n_descsz;
			return p + desc;
		}
		if (whole >= len)
			break;
		p += whole;
		len -= whole;
	}
	return NULL;
}

bool hl_notes_wellformed(const void *notes, size_t len, size_t align)
{
	const unsigned char *p = notes;
	Elf32_Nhdr n;
	size_t desc, whole;

	while (len >= sizeof(n)) {
		if (!note_at(p, len, align, &n, &desc, &whole))
			return false;
		if (whole >= len)
			break;
		p += whole;
		len -= whole;
	}
	return true;
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
	/* An address, not a pointer into the descriptor: it may lie
	 * anywhere. */
	return (const void *)((uintptr_t)desc + (uintptr_t)offset);
}

/* NT_GNU_PROPERTY_TYPE_0 and GNU_PROPERTY_AARCH64_FEATURE_1_AND, which
 * older <elf.h> lack. */
#define GNU_PROPERTY_NOTE 5u
#define AARCH64_FEATURE_1_AND 0xc0000000u

uint32_t hl_note_aarch64_features(const void *notes, size_t len, size_t align)
{
	size_t n, at = 0;
	const unsigned char *d = hl_note_find(notes, len, align, "GNU",
					      GNU_PROPERTY_NOTE, &n);

	/* Each property: type, data size (4 bytes each), data padded to 8. */
	while (d && n - at >= 8) {
		uint32_t type, size;

		memcpy(&type, d + at, 4);
		memcpy(&size, d + at + 4, 4);
		if (size > n - at - 8)
			return 0;
		if (type == AARCH64_FEATURE_1_AND) {
			uint32_t bits;

			if (size < 4)
				return 0;
			memcpy(&bits, d + at + 8, 4);
			return bits;
		}
		at += 8 + round_up(size, 8);
		if (at > n)
			return 0;
	}
	return 0;
}

bool hl_note_hot(const void *desc, size_t descsz, uint64_t *start,
		 uint64_t *len)
{
	const unsigned char *d = desc;
	uint32_t abi;

	if (!desc || descsz < HL_HOT_DESC_SIZE)
		return false;
	memcpy(&abi, d, sizeof(abi));
	if (abi != HL_HOT_ABI)
		return false;
	memcpy(start, d + 8, sizeof(*start));
	memcpy(len, d + 16, sizeof(*len));
	return *start + *len >= *start;
}

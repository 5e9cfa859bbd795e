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

size_t hl_note_build_id(const void *notes, size_t len, size_t align,
			unsigned char *out, size_t max)
{
	const unsigned char *p = notes;
	Elf32_Nhdr n;	/* Elf64_Nhdr has the same three 32-bit words */

	while (len >= sizeof(n)) {
		size_t name, desc, whole;

		memcpy(&n, p, sizeof(n));
		name = round_up(n.n_namesz, align);
		desc = round_up(n.n_descsz, align);
		if (name > len || desc > len || sizeof(n) + name + desc > len)
			return 0;
		whole = sizeof(n) + name + desc;
		if (n.n_type == NT_GNU_BUILD_ID && n.n_namesz == 4 &&
		    !memcmp(p + sizeof(n), "GNU", 4))
			return n.n_descsz <= max ?
			       (memcpy(out, p + sizeof(n) + name, n.n_descsz),
				n.n_descsz) : 0;
		p += whole;
		len -= whole;
	}
	return 0;
}

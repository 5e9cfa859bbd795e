/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the runtime's reading of a loaded object through its
 * program headers, as dl_iterate_phdr reports them (core/image.h): the
 * hugelink notes in its PT_NOTE segments, the acting copy's runtime note
 * and the entry note's entry point.  The input is a header count (one
 * byte), program headers of 8 fields of 8 bytes each, then the object's
 * memory, at the start of which the object is loaded (vaddr 0).  The
 * loader maps every PT_LOAD of a real object; here those that do not lie
 * in the memory given are turned into PT_NULL, as the harness cannot map
 * them.  Nothing may be read outside the file part of a readable
 * PT_LOAD (ASan sees the memory's end), and an entry point found must lie
 * in the file part of an executable PT_LOAD.  The memory is also read as
 * the object's file, whose header table is compared with the headers
 * reported (what the runtime does before it moves an object).
 */
#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/note.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FIELDS 8
#define MAX_PHDRS 16

static void to_phdr(const uint8_t *p, struct hl_phdr *ph)
{
	static const uint32_t types[] = { PT_LOAD, PT_NOTE, PT_LOAD, PT_NULL,
					  PT_DYNAMIC, PT_PHDR, PT_LOAD, PT_NOTE };
	uint64_t f[FIELDS];

	memcpy(f, p, sizeof(f));
	ph->type = types[f[0] % 8];
	ph->flags = (uint32_t)f[1];
	ph->offset = f[2];
	/* Small addresses and sizes most of the time, so that the notes
	 * often lie in the memory; any value otherwise. */
	ph->vaddr = f[7] & 1 ? f[3] : f[3] % 4096;
	ph->filesz = f[7] & 2 ? f[4] : f[4] % 4096;
	ph->memsz = f[5];
	ph->align = f[6] & 1 ? 8 : 4;
}

/* A PT_LOAD the harness can give: its file part inside SIZE bytes. */
static bool mapped(const struct hl_phdr *ph, size_t size)
{
	return ph->vaddr <= size && ph->filesz <= size - ph->vaddr;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hl_phdr ph[MAX_PHDRS];
	size_t n, want, len;
	const void *entry;
	uint64_t off;
	uint8_t *mem;

	if (size < 1)
		return 0;
	want = data[0] % (MAX_PHDRS + 1);
	data++;
	size--;
	for (n = 0; n < want && size >= FIELDS * 8; n++) {
		to_phdr(data, &ph[n]);
		data += FIELDS * 8;
		size -= FIELDS * 8;
	}
	for (size_t i = 0; i < n; i++)
		if (ph[i].type == PT_LOAD && !mapped(&ph[i], size))
			ph[i].type = PT_NULL;
	/* The memory, exactly SIZE bytes, so that ASan sees its end. */
	mem = malloc(size ? size : 1);
	if (!mem)
		return 0;
	memcpy(mem, data, size);
	/* The memory read as the object's file: its header table, compared
	 * with the headers reported. */
	if (!hl_image_phdr_table(mem, size, n, &off, &len) && off <= size &&
	    len <= size - off)
		(void)hl_image_phdrs_equal(mem + off, len, ph, n);
	(void)hl_image_note(ph, n, (uintptr_t)mem, HL_NOTE_RUNTIME, &len);
	entry = hl_image_entry(ph, n, (uintptr_t)mem);
	if (entry) {
		uintptr_t at = (uintptr_t)entry - (uintptr_t)mem;
		bool inside = false;

		for (size_t i = 0; i < n; i++)
			if (ph[i].type == PT_LOAD && (ph[i].flags & PF_X) &&
			    at >= ph[i].vaddr && at - ph[i].vaddr < ph[i].filesz)
				inside = true;
		if (!inside || at >= size)
			abort();
	}
	free(mem);
	return 0;
}

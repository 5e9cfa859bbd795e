/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the runtime's reading of a loaded object through its
 * program headers, as dl_iterate_phdr reports them (core/image.h): the
 * hugelink notes in its PT_NOTE segments, the acting copy's runtime note,
 * the entry note's entry point, and its dynamic section (DT_TEXTREL, the
 * soname).  The input is a header count (one byte), program headers of 8
 * fields of 8 bytes each, then the object's memory, at the start of
 * which the object is loaded (vaddr 0) (fuzz/phdrs.h).  Nothing may be
 * read outside the file part of a readable PT_LOAD (ASan sees the
 * memory's end), an entry point found must lie in the file part of an
 * executable PT_LOAD, and a soname found must end inside the memory.
 * The memory is also read as the object's file, whose header table is
 * compared with the headers reported (what the runtime does before it
 * moves an object).
 */
#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/note.h"
#include "fuzz/phdrs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hl_phdr ph[FZ_MAX_PHDRS];
	size_t n, len, want;
	const void *entry;
	const char *soname;
	uint64_t off;
	uint8_t *mem;

	if (size < 1)
		return 0;
	want = data[0] % (FZ_MAX_PHDRS + 1);
	data++;
	size--;
	n = fz_phdrs(ph, want, &data, &size);
	fz_phdrs_fit(ph, n, size);
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
	(void)hl_image_textrel(ph, n, (uintptr_t)mem);
	soname = hl_image_soname(ph, n, (uintptr_t)mem);
	if (soname && ((uintptr_t)soname - (uintptr_t)mem >= size ||
		       !memchr(soname, '\0',
			       size - ((uintptr_t)soname - (uintptr_t)mem))))
		abort();
	entry = hl_image_entry(ph, n, (uintptr_t)mem);
	if (entry && ((uintptr_t)entry - (uintptr_t)mem >= size ||
		      !fz_in_text(ph, n, (uintptr_t)entry - (uintptr_t)mem)))
		abort();
	free(mem);
	return 0;
}

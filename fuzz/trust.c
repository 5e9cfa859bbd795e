/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: trusting a loaded object's reported program headers, and
 * the choice of the acting copy's entry point (core/trust.h): the file
 * the maps name at its first segment, the verdict from the maps and from
 * comparing the headers with that file's table, and the entry point the
 * entry note leads to.  The input is a flags byte, a header count (a
 * byte) and headers (fuzz/phdrs.h), a line count (a byte) and maps lines
 * (fuzz/maps-lines.h, records in address order from the object's load
 * address), then the object's memory, which is also its file.
 *
 * Beyond not crashing and reading nothing outside the memory: headers
 * trusted as the file's were found equal to its table; headers trusted
 * for their memory have every readable PT_LOAD's file part mapped
 * readable without a gap; an entry point lies in the file part of an
 * executable PT_LOAD, and, for headers trusted for their memory alone,
 * in memory mapped executable.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/image.h"
#include "core/trust.h"
#include "fuzz/maps-lines.h"
#include "fuzz/phdrs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What comparing the headers with the file's table says: 1 the same, 0
 * not, -1 (UNREADABLE) the file could not be read. */
static int same_as_file(const uint8_t *mem, size_t size,
			const struct hl_phdr *ph, size_t n, bool unreadable)
{
	uint64_t off;
	size_t len;

	if (unreadable)
		return -1;
	return !hl_image_phdr_table(mem, size, n, &off, &len) && off <= size &&
	       len <= size - off && hl_image_phdrs_equal(mem + off, len, ph, n);
}

static void check(const struct hl_maps *m, const struct hl_phdr *ph, size_t n,
		  const uint8_t *mem, size_t size, int trust, int same,
		  bool found)
{
	uintptr_t bias = (uintptr_t)mem;
	const void *entry;

	if ((trust == HL_TRUST_FILE && (!found || same != 1)) ||
	    (trust == HL_TRUST_FORGED && (!found || same != 0)))
		abort();
	for (size_t i = 0; trust == HL_TRUST_MEMORY && i < n; i++)
		if (ph[i].type == PT_LOAD && (ph[i].flags & PF_R) &&
		    ph[i].filesz &&
		    !fz_mapped(m, bias + ph[i].vaddr,
			    bias + ph[i].vaddr + ph[i].filesz, false))
			abort();
	entry = hl_trust_entry(m, ph, n, bias, trust);
	if (!entry)
		return;
	if (!hl_trust_readable(trust) ||
	    (uintptr_t)entry - bias >= size ||
	    !fz_in_text(ph, n, (uintptr_t)entry - bias) ||
	    (trust != HL_TRUST_FILE &&
	     !fz_mapped(m, (uintptr_t)entry, (uintptr_t)entry + 1, true)))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_maps fm;
	struct hl_phdr ph[FZ_MAX_PHDRS];
	struct hl_maps_file file;
	size_t n, lines;
	uint8_t flags, *mem;
	bool found;
	int same, trust;

	if (size < 3)
		return 0;
	flags = data[0];
	n = data[1] % (FZ_MAX_PHDRS + 1);
	data += 2;
	size -= 2;
	n = fz_phdrs(ph, n, &data, &size);
	if (size < 1)
		return 0;
	lines = (size_t)(data[0] % (FZ_MAX_LINES + 1)) * FZ_RECORD;
	data++;
	size--;
	if (lines > size)
		lines = size;
	fz_phdrs_fit(ph, n, size - lines);
	/* The memory, exactly its bytes, so that ASan sees its end. */
	mem = malloc(size - lines ? size - lines : 1);
	if (!mem)
		return 0;
	memcpy(mem, data + lines, size - lines);
	fz_maps_make(&fm, data, lines, 0, (uintptr_t)mem);

	found = !hl_trust_first_file(&fm.maps, ph, n, (uintptr_t)mem, &file);
	same = found ? same_as_file(mem, size - lines, ph, n, flags & 1) : -1;
	trust = hl_trust_judge(&fm.maps, ph, n, (uintptr_t)mem,
			       found ? &file : NULL, same);
	check(&fm.maps, ph, n, mem, size - lines, trust, same, found);
	free(mem);
	return 0;
}

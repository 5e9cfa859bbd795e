/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_PHDRS_H
#define FUZZ_PHDRS_H
/*
 * Program headers as dl_iterate_phdr reports them, made from the input
 * for the fuzz targets of the runtime's reading of loaded objects: 8
 * fields of 8 bytes each per header.  The object is loaded at the start
 * of a memory of SIZE bytes (vaddr 0); the loader maps every PT_LOAD of a
 * real object, and the harness, which cannot, turns those that do not
 * lie in that memory into PT_NULL (fz_phdrs_fit).
 */
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/plan.h"

#define FZ_PHDR_FIELDS 8
#define FZ_PHDR_BYTES (FZ_PHDR_FIELDS * 8)
#define FZ_MAX_PHDRS 16

static void fz_phdr(const uint8_t *p, struct hl_phdr *ph)
{
	static const uint32_t types[] = { PT_LOAD, PT_NOTE, PT_LOAD, PT_NULL,
					  PT_DYNAMIC, PT_PHDR, PT_LOAD,
					  PT_NOTE };
	uint64_t f[FZ_PHDR_FIELDS];

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

/*
 * Read up to WANT headers from *DATA (*SIZE bytes) into PH, moving past
 * them; returns how many.
 */
static size_t fz_phdrs(struct hl_phdr *ph, size_t want, const uint8_t **data,
		       size_t *size)
{
	size_t n;

	for (n = 0; n < want && n < FZ_MAX_PHDRS && *size >= FZ_PHDR_BYTES;
	     n++) {
		fz_phdr(*data, &ph[n]);
		*data += FZ_PHDR_BYTES;
		*size -= FZ_PHDR_BYTES;
	}
	return n;
}

/* Turn the PT_LOADs whose file part is not inside SIZE bytes into
 * PT_NULL. */
static void fz_phdrs_fit(struct hl_phdr *ph, size_t n, size_t size)
{
	for (size_t i = 0; i < n; i++)
		if (ph[i].type == PT_LOAD &&
		    !(ph[i].vaddr <= size &&
		      ph[i].filesz <= size - ph[i].vaddr))
			ph[i].type = PT_NULL;
}

/* True when AT, an offset in the object, lies in the file part of an
 * executable PT_LOAD. */
static bool fz_in_text(const struct hl_phdr *ph, size_t n, uint64_t at)
{
	for (size_t i = 0; i < n; i++)
		if (ph[i].type == PT_LOAD && (ph[i].flags & PF_X) &&
		    at >= ph[i].vaddr && at - ph[i].vaddr < ph[i].filesz)
			return true;
	return false;
}

#endif

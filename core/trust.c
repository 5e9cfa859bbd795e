/* SPDX-License-Identifier: MIT */
/*
 * Trusting an object's reported program headers: see trust.h.  Reads
 * only the headers and the maps; never the object's memory.
 */
#include <elf.h>

#include "core/image.h"
#include "core/trust.h"

int hl_trust_first_file(const struct hl_maps *m, const struct hl_phdr *ph,
			size_t phnum, uintptr_t bias, struct hl_maps_file *file)
{
	for (size_t i = 0; i < phnum; i++) {
		const struct hl_phdr *p = &ph[i];

		if (p->type == PT_LOAD && p->filesz &&
		    !hl_maps_file_at(m, bias + (uintptr_t)p->vaddr,
				     (unsigned long)p->offset, file))
			return 0;
	}
	return -1;
}

/* Every readable PT_LOAD's file part lies in memory that serves it. */
static bool memory_holds(const struct hl_maps *m, const struct hl_phdr *ph,
			 size_t phnum, uintptr_t bias,
			 const struct hl_maps_file *file)
{
	for (size_t i = 0; i < phnum; i++) {
		const struct hl_phdr *p = &ph[i];
		uintptr_t lo = bias + (uintptr_t)p->vaddr;

		if (p->type != PT_LOAD || !(p->flags & PF_R) || !p->filesz)
			continue;
		if (lo + (uintptr_t)p->filesz < lo ||
		    !hl_maps_serve(m, lo, lo + (uintptr_t)p->filesz, file,
				   false))
			return false;
	}
	return true;
}

enum hl_trust hl_trust_judge(const struct hl_maps *m, const struct hl_phdr *ph,
			     size_t phnum, uintptr_t bias,
			     const struct hl_maps_file *file, int same)
{
	if (file && same > 0)
		return HL_TRUST_FILE;
	if (file && same == 0)
		return HL_TRUST_FORGED;
	if (phnum && memory_holds(m, ph, phnum, bias, file))
		return HL_TRUST_MEMORY;
	return HL_TRUST_UNMAPPED;
}

bool hl_trust_readable(int trust)
{
	return trust == HL_TRUST_FILE || trust == HL_TRUST_MEMORY;
}

bool hl_trust_movable(int trust, bool main)
{
	return trust == HL_TRUST_FILE || (main && trust == HL_TRUST_MEMORY);
}

const void *hl_trust_entry(const struct hl_maps *m, const struct hl_phdr *ph,
			   size_t phnum, uintptr_t bias, int trust)
{
	const void *entry;

	if (!hl_trust_readable(trust))
		return NULL;
	entry = hl_image_entry(ph, phnum, bias);
	if (entry && trust != HL_TRUST_FILE &&
	    !hl_maps_serve(m, (uintptr_t)entry, (uintptr_t)entry + 1, NULL,
			   true))
		entry = NULL;
	return entry;
}

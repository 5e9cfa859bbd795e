/* SPDX-License-Identifier: MIT */
/*
 * Trusting an object's reported program headers: see trust.h.  Reads
 * only the headers the loader copied out (struct ldr_image), the maps
 * and the object's file; never its memory.
 */
#include <elf.h>

#include "loader/source.h"
#include "loader/trust.h"

/*
 * The file mapped at the start of IMG's first PT_LOAD that still holds
 * its file bytes there: 0, with FILE filled; -1 when none does.
 */
static int first_file(const struct ldr_maps *m, const struct ldr_image *img,
		      struct ldr_maps_file *file)
{
	for (size_t i = 0; i < img->phnum; i++) {
		const struct hl_phdr *p = &img->ph[i];

		if (p->type == PT_LOAD && p->filesz &&
		    !ldr_maps_file_at(m, img->bias + (uintptr_t)p->vaddr,
				      (unsigned long)p->offset, file))
			return 0;
	}
	return -1;
}

/* Every readable PT_LOAD's file part lies in memory that serves it. */
static bool memory_holds(const struct ldr_maps *m, const struct ldr_image *img,
			 const struct ldr_maps_file *file)
{
	for (size_t i = 0; i < img->phnum; i++) {
		const struct hl_phdr *p = &img->ph[i];
		uintptr_t lo = img->bias + (uintptr_t)p->vaddr;

		if (p->type != PT_LOAD || !(p->flags & PF_R) || !p->filesz)
			continue;
		if (lo + (uintptr_t)p->filesz < lo ||
		    !ldr_maps_serve(m, lo, lo + (uintptr_t)p->filesz, file,
				    false))
			return false;
	}
	return true;
}

bool ldr_trust_image(const struct ldr_maps *m, struct ldr_image *img)
{
	struct ldr_maps_file file;
	bool found = !first_file(m, img, &file);
	int same = found ? ldr_source_same_phdrs(&file, img) : -1;

	if (same > 0)
		img->trust = LDR_TRUST_FILE;
	else if (same == 0)
		img->trust = LDR_TRUST_FORGED;
	else if (img->phnum && memory_holds(m, img, found ? &file : NULL))
		img->trust = LDR_TRUST_MEMORY;
	else
		img->trust = LDR_TRUST_UNMAPPED;
	return ldr_image_trusted(img);
}

const char *ldr_trust_why(const struct ldr_image *img)
{
	switch (img->trust) {
	case LDR_TRUST_FORGED:
		return "its program headers in memory are not those of its "
		       "file: left as it is";
	case LDR_TRUST_UNMAPPED:
		return "its program headers describe memory it does not have "
		       "(and its file cannot be read to check them): left as "
		       "it is";
	default:
		return "its program headers were not checked: left as it is";
	}
}

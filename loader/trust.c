/* SPDX-License-Identifier: MIT */
/*
 * Trusting an object's reported program headers: see trust.h.  Reads
 * only the headers the loader copied out (struct ldr_image), the maps,
 * the auxiliary vector and the object's file; never its memory.
 */
#include <sys/auxv.h>

#include "core/trust.h"
#include "loader/source.h"
#include "loader/trust.h"

bool ldr_trust_kernel_loaded(const struct ldr_image *img)
{
	return img->main && img->phnum &&
	       (uintptr_t)img->phdr == getauxval(AT_PHDR) &&
	       img->phnum == getauxval(AT_PHNUM);
}

bool ldr_trust_image(const struct hl_maps *m, struct ldr_image *img)
{
	struct hl_maps_file file;
	bool found;
	int same;

	if (ldr_trust_kernel_loaded(img)) {
		img->trust = HL_TRUST_FILE;
		return true;
	}
	found = !hl_trust_first_file(m, img->ph, img->phnum, img->bias, &file);
	same = found ? ldr_source_same_phdrs(&file, img) : -1;
	img->trust = hl_trust_judge(m, img->ph, img->phnum, img->bias,
				    found ? &file : NULL, same);
	return ldr_image_trusted(img);
}

bool ldr_trust_memory(const struct hl_maps *m, struct ldr_image *img)
{
	struct hl_maps_file file;
	bool found = !hl_trust_first_file(m, img->ph, img->phnum, img->bias,
					  &file);

	img->trust = hl_trust_judge(m, img->ph, img->phnum, img->bias,
				    found ? &file : NULL, -1);
	return ldr_image_trusted(img);
}

const char *ldr_trust_why(const struct ldr_image *img)
{
	switch (img->trust) {
	case HL_TRUST_FORGED:
		return "its program headers in memory are not those of its "
		       "file: left as it is";
	case HL_TRUST_UNMAPPED:
		return "its program headers describe memory it does not have "
		       "(and its file cannot be read to check them): left as "
		       "it is";
	default:
		return "its program headers were not checked: left as it is";
	}
}

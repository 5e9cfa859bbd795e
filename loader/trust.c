/* SPDX-License-Identifier: MIT */
/*
 * Trusting an object's reported program headers: see trust.h.  Reads
 * only the headers the loader copied out (struct ldr_image), the maps,
 * the auxiliary vector and the object's file; never its memory.
 */
#include "core/trust.h"
#include "machine/bound.h"
#include "loader/source.h"
#include "loader/trust.h"

bool ldr_trust_kernel_loaded(const struct ldr_image *img)
{
	return img->main && img->phnum &&
	       (uintptr_t)img->phdr == getauxval(AT_PHDR) &&
	       img->phnum == getauxval(AT_PHNUM);
}

/*
 * Judge IMG's headers against M, and, with COMPARE, against the file M
 * shows at its first segment; set IMG->trust.
 */
static bool judge(const struct hl_maps *m, struct ldr_image *img,
		  bool compare)
{
	struct hl_maps_file file;
	bool found = !hl_trust_first_file(m, img->ph, img->phnum, img->bias,
					  &file);
	int same = found && compare ? ldr_source_same_phdrs(&file, img) : -1;

	img->trust = hl_trust_judge(m, img->ph, img->phnum, img->bias,
				    found ? &file : NULL, same);
	return ldr_image_trusted(img);
}

bool ldr_trust_image(const struct hl_maps *m, struct ldr_image *img)
{
	if (ldr_trust_kernel_loaded(img)) {
		img->trust = HL_TRUST_FILE;
		return true;
	}
	return judge(m, img, true);
}

bool ldr_trust_memory(const struct hl_maps *m, struct ldr_image *img)
{
	return judge(m, img, false);
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

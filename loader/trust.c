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

/*
 * Whether IMG's headers are those the kernel loaded the program by:
 * the table at AT_PHDR, which the dynamic linker reports for a program
 * the kernel loaded.  Run as a command (ld.so PROGRAM), it loads the
 * program itself and reports the table a PT_PHDR points at, and AT_PHDR
 * is its own.
 */
static bool kernel_loaded(const struct hl_maps *m, const struct ldr_image *img,
			  const struct hl_maps_file *file)
{
	return img->main && (uintptr_t)img->phdr == getauxval(AT_PHDR) &&
	       img->phnum == getauxval(AT_PHNUM) &&
	       hl_trust_kernel_phdrs(m, img->ph, img->phnum, img->bias,
				     (uintptr_t)img->phdr, file);
}

bool ldr_trust_image(const struct hl_maps *m, struct ldr_image *img)
{
	struct hl_maps_file file;
	bool found = !hl_trust_first_file(m, img->ph, img->phnum, img->bias,
					  &file);
	int same = -1;

	if (found)
		same = kernel_loaded(m, img, &file) ? 1 :
		       ldr_source_same_phdrs(&file, img);
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

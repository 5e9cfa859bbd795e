/*
 * The main program as the dynamic linker (or the static start-up code)
 * sees it: the first object dl_iterate_phdr reports.
 */
#include <elf.h>
#include <link.h>
#include <string.h>

#include "loader/image.h"

static int first_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct hl_image *img = data;

	(void)size;
	if (info->dlpi_phnum > HL_MAX_PHDRS)
		return -1;
	img->bias = info->dlpi_addr;
	img->phnum = info->dlpi_phnum;
	for (size_t i = 0; i < img->phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		img->ph[i] = (struct hl_phdr){
			.type = p->p_type, .flags = p->p_flags,
			.offset = p->p_offset, .vaddr = p->p_vaddr,
			.filesz = p->p_filesz, .memsz = p->p_memsz,
			.align = p->p_align,
		};
	}
	return 1;
}

int hl_image_read(struct hl_image *img)
{
	memset(img, 0, sizeof(*img));
	return dl_iterate_phdr(first_object, img) == 1 ? 0 : -1;
}

int hl_image_flagged(const struct hl_image *img)
{
	for (size_t i = 0; i < img->phnum; i++)
		if (img->ph[i].type == PT_LOAD &&
		    (img->ph[i].flags & HL_PF_HUGETLB))
			return 1;
	return 0;
}

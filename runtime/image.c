/*
 * The main program as the dynamic linker (or the static start-up code)
 * sees it: the first object dl_iterate_phdr reports.
 */
#include <elf.h>
#include <link.h>
#include <string.h>

#include "core/note.h"
#include "runtime/image.h"

static int first_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_image *img = data;

	(void)size;
	if (info->dlpi_phnum > RT_MAX_PHDRS)
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

int rt_image_read(struct rt_image *img)
{
	memset(img, 0, sizeof(*img));
	return dl_iterate_phdr(first_object, img) == 1 ? 0 : -1;
}

int rt_image_flagged(const struct rt_image *img)
{
	for (size_t i = 0; i < img->phnum; i++)
		if (img->ph[i].type == PT_LOAD &&
		    (img->ph[i].flags & HL_PF_HUGETLB))
			return 1;
	return 0;
}

size_t rt_image_build_id(const struct rt_image *img, unsigned char *out,
			 size_t max)
{
	for (size_t i = 0; i < img->phnum; i++) {
		const struct hl_phdr *ph = &img->ph[i];
		size_t n;

		if (ph->type != PT_NOTE)
			continue;
		n = hl_note_build_id((const void *)(img->bias + ph->vaddr),
				     ph->filesz, hl_note_align(ph->align), out,
				     max);
		if (n)
			return n;
	}
	return 0;
}

int rt_image_textrel(const struct rt_image *img)
{
	for (size_t i = 0; i < img->phnum; i++) {
		const ElfW(Dyn) *d;

		if (img->ph[i].type != PT_DYNAMIC)
			continue;
		for (d = (const void *)(img->bias + img->ph[i].vaddr);
		     d->d_tag != DT_NULL; d++)
			if (d->d_tag == DT_TEXTREL ||
			    (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_TEXTREL)))
				return 1;
	}
	return 0;
}

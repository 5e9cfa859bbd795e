/* SPDX-License-Identifier: MIT */
/*
 * Loaded objects, through dl_iterate_phdr: see image.h.
 */
#include <elf.h>
#include <errno.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "core/image.h"
#include "core/note.h"
#include "core/trust.h"
#include "machine/bound.h"
#include "loader/image.h"

/*
 * Whether the bytes [AT, AT + LEN) of a note segment can be read.  A
 * file part that runs past the end of its file (a file cut short, or
 * forged headers) is mapped with pages that raise SIGBUS when touched.
 * The pages of the program headers were read already, by the dynamic
 * loader and by fill(), and every linker puts the notes there; a note
 * elsewhere is populated first, which reports such a page (EFAULT), or
 * memory not mapped at all, instead of raising a signal.  Where the
 * kernel lacks MADV_POPULATE_READ (EINVAL, before Linux 5.14), it is
 * read unchecked, as the segments are (loader/prepare.c).
 */
static bool note_readable(const struct dl_phdr_info *info, uintptr_t at,
			  uint64_t len)
{
	uintptr_t headers = (uintptr_t)info->dlpi_phdr;
	uintptr_t headers_end = headers + info->dlpi_phnum * sizeof(ElfW(Phdr));
	uintptr_t page, lo, hi;
	long r;

	if (len > UINTPTR_MAX - at)
		return false;
	/* In 4 KiB blocks, the smallest page of any target, which every
	 * page that holds them contains: no need to ask the page size. */
	if ((at & ~(uintptr_t)4095) >= (headers & ~(uintptr_t)4095) &&
	    at + len <= ((headers_end + 4095) & ~(uintptr_t)4095))
		return true;
	page = getauxval(AT_PAGESZ);
	if (!page)
		return false;
	lo = at & ~(page - 1);
	hi = (at + (uintptr_t)len + page - 1) & ~(page - 1);
	r = raw_madvise((void *)lo, hi - lo, MADV_POPULATE_READ);
	return r == 0 || r == -EINVAL;
}

/* Fill IMG from INFO, object number INDEX.  A note segment that cannot
 * be read is kept as a PT_NULL, which every reader passes over. */
static void fill(struct ldr_image *img, const struct dl_phdr_info *info,
		 size_t index)
{
	img->bias = info->dlpi_addr;
	img->phdr = info->dlpi_phdr;
	img->name = info->dlpi_name ? info->dlpi_name : "";
	img->main = index == 0;
	img->trust = HL_TRUST_NONE;
	img->phnum = info->dlpi_phnum <= LDR_MAX_PHDRS ? info->dlpi_phnum : 0;
	for (size_t i = 0; i < img->phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		img->ph[i] = (struct hl_phdr){
			.type = p->p_type, .flags = p->p_flags,
			.offset = p->p_offset, .vaddr = p->p_vaddr,
			.filesz = p->p_filesz, .memsz = p->p_memsz,
			.align = p->p_align,
		};
		if (p->p_type == PT_NOTE &&
		    !note_readable(info, info->dlpi_addr + p->p_vaddr,
				   p->p_filesz))
			img->ph[i].type = PT_NULL;
	}
}

struct each {
	struct ldr_image *img;
	ldr_image_fn *fn;
	void *ctx;
	size_t index;
};

static int each_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct each *e = data;

	(void)size;
	fill(e->img, info, e->index);
	return e->fn(e->img, e->index++, e->ctx);
}

int ldr_image_each(struct ldr_image *img, ldr_image_fn *fn, void *ctx)
{
	struct each e = { img, fn, ctx, 0 };

	return dl_iterate_phdr(each_object, &e);
}

/* Stop at object *WANT. */
static int is_nth(struct ldr_image *img, size_t index, void *want)
{
	(void)img;
	return index == *(size_t *)want;
}

int ldr_image_read(struct ldr_image *img, size_t index)
{
	memset(img, 0, offsetof(struct ldr_image, ph));
	return ldr_image_each(img, is_nth, &index) ? 0 : -1;
}

/* The dynamic loader's counts of objects loaded and unloaded so far. */
struct load_counts {
	unsigned long long adds, subs;
};

static int counts(struct dl_phdr_info *info, size_t size, void *data)
{
	struct load_counts *c = data;

	if (size >= offsetof(struct dl_phdr_info, dlpi_subs) +
		    sizeof(info->dlpi_subs)) {
		c->adds = info->dlpi_adds;
		c->subs = info->dlpi_subs;
	}
	return 1;
}

unsigned long long ldr_image_unloads(void)
{
	struct load_counts c = { 0, 0 };

	dl_iterate_phdr(counts, &c);
	return c.subs;
}

unsigned long long ldr_image_changes(void)
{
	struct load_counts c = { 0, 0 };

	dl_iterate_phdr(counts, &c);
	return c.adds + c.subs;
}

int ldr_image_flagged(const struct ldr_image *img)
{
	for (size_t i = 0; i < img->phnum; i++)
		if (img->ph[i].type == PT_LOAD &&
		    (img->ph[i].flags & HL_PF_HUGETLB))
			return 1;
	return 0;
}

bool ldr_image_trusted(const struct ldr_image *img)
{
	return hl_trust_readable(img->trust);
}

bool ldr_image_holds(const struct ldr_image *img, uintptr_t addr)
{
	for (size_t i = 0; i < img->phnum; i++) {
		const struct hl_phdr *p = &img->ph[i];
		uintptr_t start = img->bias + p->vaddr;

		if (p->type == PT_LOAD && addr >= start &&
		    addr - start < p->memsz)
			return true;
	}
	return false;
}

const void *ldr_image_note(const struct ldr_image *img, unsigned type,
			  size_t *len)
{
	if (!ldr_image_trusted(img))
		return NULL;
	return hl_image_note(img->ph, img->phnum, img->bias, type, len);
}

uint32_t ldr_image_aarch64_features(const struct ldr_image *img)
{
	for (size_t i = 0; ldr_image_trusted(img) && i < img->phnum; i++) {
		const struct hl_phdr *ph = hl_image_note_segment(img->ph,
								 img->phnum, i);
		uint32_t bits;

		if (!ph)
			continue;
		bits = hl_note_aarch64_features((const void *)(img->bias +
							       ph->vaddr),
						ph->filesz,
						hl_note_align(ph->align));
		if (bits)
			return bits;
	}
	return 0;
}

size_t ldr_image_build_id(const struct ldr_image *img, unsigned char *out,
			 size_t max)
{
	for (size_t i = 0; ldr_image_trusted(img) && i < img->phnum; i++) {
		const struct hl_phdr *ph = hl_image_note_segment(img->ph,
								 img->phnum, i);
		size_t n;

		if (!ph)
			continue;
		n = hl_note_build_id((const void *)(img->bias + ph->vaddr),
				     ph->filesz, hl_note_align(ph->align), out,
				     max);
		if (n)
			return n;
	}
	return 0;
}

int ldr_image_textrel(const struct ldr_image *img)
{
	return ldr_image_trusted(img) &&
	       hl_image_textrel(img->ph, img->phnum, img->bias);
}

const char *ldr_image_soname(const struct ldr_image *img)
{
	return ldr_image_trusted(img) ?
	       hl_image_soname(img->ph, img->phnum, img->bias) : NULL;
}

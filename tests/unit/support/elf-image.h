/*
 * elf-image.h: small ELF images built in memory for the tools' unit
 * tests.  Header-only; the image is little-endian, 64-bit unless made
 * with img_init32, and its one PT_LOAD (added last) maps the whole file
 * at address 0, so an address and a file offset are the same number.
 */
#ifndef TESTS_UNIT_SUPPORT_ELF_IMAGE_H
#define TESTS_UNIT_SUPPORT_ELF_IMAGE_H

#include <elf.h>
#include <stdint.h>
#include <string.h>

struct img {
	unsigned char buf[8192];
	size_t len;
	int nph;
};

static inline Elf64_Ehdr *img_ehdr(struct img *m)
{
	return (Elf64_Ehdr *)m->buf;
}

static inline Elf64_Phdr *img_ph(struct img *m, int i)
{
	return (Elf64_Phdr *)(m->buf + sizeof(Elf64_Ehdr)) + i;
}

/* An ELF64 header with room for NPH program headers, all PT_NULL. */
static inline void img_init(struct img *m, uint16_t type, int nph)
{
	Elf64_Ehdr *e = img_ehdr(m);

	memset(m, 0, sizeof(*m));
	memcpy(e->e_ident, ELFMAG, SELFMAG);
	e->e_ident[EI_CLASS] = ELFCLASS64;
	e->e_ident[EI_DATA] = ELFDATA2LSB;
	e->e_ident[EI_VERSION] = EV_CURRENT;
	e->e_type = type;
	e->e_machine = EM_X86_64;
	e->e_version = EV_CURRENT;
	e->e_ehsize = sizeof(Elf64_Ehdr);
	e->e_phoff = sizeof(Elf64_Ehdr);
	e->e_phentsize = sizeof(Elf64_Phdr);
	e->e_phnum = (uint16_t)nph;
	m->nph = nph;
	m->len = sizeof(Elf64_Ehdr) + (size_t)nph * sizeof(Elf64_Phdr);
}

/* Append N bytes, 8-aligned; returns their offset (and address). */
static inline uint64_t img_put(struct img *m, const void *data, size_t n)
{
	uint64_t off = (m->len + 7) & ~(uint64_t)7;

	memcpy(m->buf + off, data, n);
	m->len = off + n;
	return off;
}

static inline void img_set_ph(struct img *m, int i, uint32_t type,
			      uint32_t flags, uint64_t off, uint64_t size)
{
	Elf64_Phdr *p = img_ph(m, i);

	p->p_type = type;
	p->p_flags = flags;
	p->p_offset = p->p_vaddr = p->p_paddr = off;
	p->p_filesz = p->p_memsz = size;
	p->p_align = type == PT_LOAD ? 0x1000 : 8;
}

/* Make program header I the PT_LOAD that maps the whole image. */
static inline void img_finish(struct img *m, int i)
{
	img_set_ph(m, i, PT_LOAD, PF_R | PF_X, 0, m->len);
}

#endif

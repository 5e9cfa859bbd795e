/* SPDX-License-Identifier: MIT */
/*
 * elf-image.h: small ELF images built in memory for the tools' unit
 * tests.  Header-only; the image is built 64-bit in the host's byte
 * order (little-endian on the machines we build on), and its one
 * PT_LOAD (added last) maps the whole file at address 0, so an address
 * and a file offset are the same number.  img_recode turns a finished
 * image into either class and either byte order, encoding each field
 * by hand, so that tests have an oracle that owes nothing to libelf.
 */
#ifndef TESTS_UNIT_SUPPORT_ELF_IMAGE_H
#define TESTS_UNIT_SUPPORT_ELF_IMAGE_H

#include <elf.h>
#include <stddef.h>
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

/*
 * A program for the edit tests: no section headers and bytes after
 * everything else, which libelf's own writer would drop; a text PT_LOAD
 * over the file (index 0) and a bss-only PT_LOAD at 0x1000 after it.
 */
static inline void img_program(struct img *m)
{
	static const char tail[] = "trailing bytes no section covers";

	img_init(m, ET_DYN, 2);
	img_put(m, tail, sizeof(tail));
	img_finish(m, 0);
	img_set_ph(m, 1, PT_LOAD, PF_R | PF_W, 0, 0);
	img_ph(m, 1)->p_vaddr = img_ph(m, 1)->p_paddr = 0x1000;
	img_ph(m, 1)->p_memsz = 0x2000;
}

/* Store the low SIZE bytes of V at P, in byte order DATA. */
static inline void img_store(unsigned char *p, uint64_t v, size_t size,
			     int data)
{
	for (size_t i = 0; i < size; i++)
		p[data == ELFDATA2LSB ? i : size - 1 - i] =
			(unsigned char)(v >> (8 * i));
}

/* Store V as member FIELD of a T at P, at the member's own width. */
#define IMG_STORE(p, T, field, v, data) \
	img_store((p) + offsetof(T, field), (v), sizeof(((T *)0)->field), \
		  (data))

/* The ELF header E (an Elf64_Ehdr) as a T at P, sizes from T's class. */
#define IMG_EHDR(p, T, P, e, data) do { \
	IMG_STORE(p, T, e_type, (e)->e_type, data); \
	IMG_STORE(p, T, e_machine, (e)->e_machine, data); \
	IMG_STORE(p, T, e_version, (e)->e_version, data); \
	IMG_STORE(p, T, e_entry, (e)->e_entry, data); \
	IMG_STORE(p, T, e_phoff, sizeof(T), data); \
	IMG_STORE(p, T, e_shoff, (e)->e_shoff, data); \
	IMG_STORE(p, T, e_flags, (e)->e_flags, data); \
	IMG_STORE(p, T, e_ehsize, sizeof(T), data); \
	IMG_STORE(p, T, e_phentsize, sizeof(P), data); \
	IMG_STORE(p, T, e_phnum, (e)->e_phnum, data); \
	IMG_STORE(p, T, e_shentsize, (e)->e_shentsize, data); \
	IMG_STORE(p, T, e_shnum, (e)->e_shnum, data); \
	IMG_STORE(p, T, e_shstrndx, (e)->e_shstrndx, data); \
} while (0)

/* The program header PH (an Elf64_Phdr) as a T at P. */
#define IMG_PHDR(p, T, ph, data) do { \
	IMG_STORE(p, T, p_type, (ph)->p_type, data); \
	IMG_STORE(p, T, p_flags, (ph)->p_flags, data); \
	IMG_STORE(p, T, p_offset, (ph)->p_offset, data); \
	IMG_STORE(p, T, p_vaddr, (ph)->p_vaddr, data); \
	IMG_STORE(p, T, p_paddr, (ph)->p_paddr, data); \
	IMG_STORE(p, T, p_filesz, (ph)->p_filesz, data); \
	IMG_STORE(p, T, p_memsz, (ph)->p_memsz, data); \
	IMG_STORE(p, T, p_align, (ph)->p_align, data); \
} while (0)

/*
 * Re-encode the finished image M in class CLS and byte order DATA.  The
 * program header table still follows the ELF header; a 32-bit header
 * and table are smaller than the 64-bit ones, so everything after them
 * stays where it was.  Values must fit the class.  Call it last: the
 * other helpers read and write the 64-bit form.
 */
static inline void img_recode(struct img *m, int cls, int data)
{
	size_t table = sizeof(Elf64_Ehdr) + (size_t)m->nph * sizeof(Elf64_Phdr);
	unsigned char old[sizeof(m->buf)];
	const Elf64_Ehdr *e = (const Elf64_Ehdr *)old;
	const Elf64_Phdr *ph = (const Elf64_Phdr *)(old + sizeof(*e));
	unsigned char *p = m->buf;

	memcpy(old, m->buf, table);
	memset(m->buf, 0, table);
	memcpy(p, e->e_ident, EI_NIDENT);
	p[EI_CLASS] = (unsigned char)cls;
	p[EI_DATA] = (unsigned char)data;
	if (cls == ELFCLASS32)
		IMG_EHDR(p, Elf32_Ehdr, Elf32_Phdr, e, data);
	else
		IMG_EHDR(p, Elf64_Ehdr, Elf64_Phdr, e, data);
	p += cls == ELFCLASS32 ? sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr);
	for (int i = 0; i < m->nph; i++) {
		if (cls == ELFCLASS32)
			IMG_PHDR(p, Elf32_Phdr, &ph[i], data);
		else
			IMG_PHDR(p, Elf64_Phdr, &ph[i], data);
		p += cls == ELFCLASS32 ? sizeof(Elf32_Phdr) :
		     sizeof(Elf64_Phdr);
	}
}

#endif

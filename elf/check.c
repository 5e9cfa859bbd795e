/* SPDX-License-Identifier: MIT */
/*
 * Validation of ELF identification, header and program headers.  Pure:
 * no I/O, no allocation.  Each check states its reason in the words a
 * user can act on, without the file name.
 */
#include <elf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "elf/check.h"

static int refuse(char *why, size_t wlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int refuse(char *why, size_t wlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, wlen, fmt, ap);
	va_end(ap);
	return -1;
}

size_t el_ehdr_size(int cls)
{
	return cls == ELFCLASS32 ? sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr);
}

static size_t phdr_size(int cls)
{
	return cls == ELFCLASS32 ? sizeof(Elf32_Phdr) : sizeof(Elf64_Phdr);
}

/* The highest address an ELF file of class CLS can name. */
static uint64_t class_max(int cls)
{
	return cls == ELFCLASS32 ? UINT32_MAX : UINT64_MAX;
}

static bool power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

int el_check_ident(const unsigned char *head, size_t len, char *why,
		   size_t wlen)
{
	if (len == 0)
		return refuse(why, wlen, "an empty file, not an ELF file");
	if (len < SELFMAG || memcmp(head, ELFMAG, SELFMAG))
		return refuse(why, wlen,
			      "not an ELF file (no ELF magic number)");
	if (len < EI_NIDENT)
		return refuse(why, wlen, "truncated: %zu bytes, too short for "
			      "an ELF identification", len);
	if (head[EI_CLASS] != ELFCLASS32 && head[EI_CLASS] != ELFCLASS64)
		return refuse(why, wlen, "unsupported ELF class %u (EI_CLASS "
			      "must be 1 for 32-bit or 2 for 64-bit)",
			      head[EI_CLASS]);
	if (head[EI_DATA] != ELFDATA2LSB && head[EI_DATA] != ELFDATA2MSB)
		return refuse(why, wlen, "unsupported byte order %u (EI_DATA "
			      "must be 1 or 2)", head[EI_DATA]);
	if (head[EI_VERSION] != EV_CURRENT)
		return refuse(why, wlen, "unsupported ELF version %u",
			      head[EI_VERSION]);
	if (len < el_ehdr_size(head[EI_CLASS]))
		return refuse(why, wlen, "truncated: %zu bytes, the %d-bit ELF "
			      "header needs %zu", len,
			      head[EI_CLASS] == ELFCLASS32 ? 32 : 64,
			      el_ehdr_size(head[EI_CLASS]));
	return 0;
}

static int check_type(uint16_t type, char *why, size_t wlen)
{
	switch (type) {
	case ET_EXEC:
	case ET_DYN:
		return 0;
	case ET_REL:
		return refuse(why, wlen, "an object file, not a program");
	case ET_CORE:
		return refuse(why, wlen, "a core dump, not a program");
	default:
		return refuse(why, wlen, "not a program (e_type %u)", type);
	}
}

int el_check_ehdr(const struct el_ehdr *eh, char *why, size_t wlen)
{
	uint64_t bytes;

	if (check_type(eh->type, why, wlen))
		return -1;
	if (eh->ehsize != el_ehdr_size(eh->cls))
		return refuse(why, wlen, "e_ehsize is %u, not the %zu bytes "
			      "of a %d-bit ELF header: the class (EI_CLASS) "
			      "does not match the file", eh->ehsize,
			      el_ehdr_size(eh->cls),
			      eh->cls == ELFCLASS32 ? 32 : 64);
	if (eh->phnum == 0)
		return refuse(why, wlen, "no program headers");
	if (eh->phentsize != phdr_size(eh->cls))
		return refuse(why, wlen, "e_phentsize is %u, not the %zu bytes "
			      "of a %d-bit program header", eh->phentsize,
			      phdr_size(eh->cls),
			      eh->cls == ELFCLASS32 ? 32 : 64);
	if (eh->phnum > EL_PHTAB_MAX / eh->phentsize)
		return refuse(why, wlen, "too many program headers (%zu)",
			      eh->phnum);
	bytes = (uint64_t)eh->phnum * eh->phentsize;
	if (eh->phoff > eh->file_size || eh->file_size - eh->phoff < bytes)
		return refuse(why, wlen, "truncated or corrupt: the program "
			      "header table (offset %#llx, %llu bytes) ends "
			      "beyond the end of the file (%llu bytes)",
			      (unsigned long long)eh->phoff,
			      (unsigned long long)bytes,
			      (unsigned long long)eh->file_size);
	return 0;
}

/* The headers whose file contents the tools read must lie in the file. */
static bool read_by_tools(uint32_t type)
{
	return type == PT_LOAD || type == PT_DYNAMIC || type == PT_INTERP;
}

static int check_in_file(const struct el_ehdr *eh, const struct hl_phdr *p,
			 size_t i, char *why, size_t wlen)
{
	if (!read_by_tools(p->type))
		return 0;
	if (p->offset > eh->file_size || eh->file_size - p->offset < p->filesz)
		return refuse(why, wlen, "truncated or corrupt: program header "
			      "%zu (offset %#llx, %llu bytes) ends beyond the "
			      "end of the file (%llu bytes)", i,
			      (unsigned long long)p->offset,
			      (unsigned long long)p->filesz,
			      (unsigned long long)eh->file_size);
	return 0;
}

static int check_load(const struct el_ehdr *eh, const struct hl_phdr *p,
		      size_t i, char *why, size_t wlen)
{
	if (p->filesz > p->memsz)
		return refuse(why, wlen, "program header %zu: p_filesz %#llx "
			      "exceeds p_memsz %#llx", i,
			      (unsigned long long)p->filesz,
			      (unsigned long long)p->memsz);
	if (p->vaddr > class_max(eh->cls) ||
	    p->memsz > class_max(eh->cls) - p->vaddr)
		return refuse(why, wlen, "program header %zu: p_vaddr %#llx + "
			      "p_memsz %#llx overflows the address space", i,
			      (unsigned long long)p->vaddr,
			      (unsigned long long)p->memsz);
	if (p->align > 1 && !power_of_two(p->align))
		return refuse(why, wlen, "program header %zu: p_align %#llx is "
			      "not a power of two", i,
			      (unsigned long long)p->align);
	if (p->align > 1 && p->vaddr % p->align != p->offset % p->align)
		return refuse(why, wlen, "program header %zu: p_vaddr %#llx "
			      "and p_offset %#llx differ modulo p_align "
			      "%#llx", i,
			      (unsigned long long)p->vaddr,
			      (unsigned long long)p->offset,
			      (unsigned long long)p->align);
	return 0;
}

int el_check_phdrs(const struct el_ehdr *eh, const struct hl_phdr *ph,
		   size_t n, char *why, size_t wlen)
{
	uint64_t prev_end = 0;
	size_t i, loads = 0;

	for (i = 0; i < n; i++) {
		if (check_in_file(eh, &ph[i], i, why, wlen))
			return -1;
		if (ph[i].type != PT_LOAD)
			continue;
		if (check_load(eh, &ph[i], i, why, wlen))
			return -1;
		if (loads++ && ph[i].vaddr < prev_end)
			return refuse(why, wlen, "program header %zu: PT_LOAD "
				      "at %#llx overlaps or precedes the one "
				      "before it", i,
				      (unsigned long long)ph[i].vaddr);
		prev_end = ph[i].vaddr + ph[i].memsz;
	}
	if (!loads)
		return refuse(why, wlen, "no loadable segments (PT_LOAD)");
	return 0;
}

/* True when [a, a + alen) and [b, b + blen) share a byte; no overflow. */
static bool overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return alen && blen && (a < b ? b - a < alen : a - b < blen);
}

int el_check_phtab_alone(const struct el_ehdr *eh, uint64_t shnum, char *why,
			 size_t wlen)
{
	uint64_t phbytes = (uint64_t)eh->phnum * eh->phentsize;
	uint64_t shsize = eh->cls == ELFCLASS32 ? sizeof(Elf32_Shdr)
						: sizeof(Elf64_Shdr);
	uint64_t shbytes;

	if (overlap(eh->phoff, phbytes, 0, el_ehdr_size(eh->cls)))
		return refuse(why, wlen, "the program header table overlaps "
			      "the ELF header; not editing it");
	/*
	 * Section headers are read at their class's size, whatever
	 * e_shentsize says; with extended numbering, header 0 holds the
	 * count, so there is always one.
	 */
	if (!eh->shoff)
		return 0;
	if (shnum > UINT64_MAX / shsize)
		shbytes = UINT64_MAX;
	else
		shbytes = (shnum ? shnum : 1) * shsize;
	if (overlap(eh->phoff, phbytes, eh->shoff, shbytes))
		return refuse(why, wlen, "the program header table overlaps "
			      "the section header table; not editing it");
	return 0;
}

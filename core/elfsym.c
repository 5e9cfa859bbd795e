/* SPDX-License-Identifier: MIT */
/*
 * Walking an ELF symbol table: see elfsym.h.  Headers are copied out of
 * the buffer (which need not be aligned) and widened to one form, then
 * checked: a section must lie inside the buffer, a table's entries must
 * be the size of a symbol, a name must end inside its string table.
 */
#include <elf.h>
#include <string.h>

#include "core/elfsym.h"

/* What is read of the ELF header, whatever the class. */
struct ehdr {
	uint64_t shoff, shnum, shentsize;
};

/* A section header, whatever the class. */
struct shdr {
	uint32_t type, link;
	uint64_t offset, size, entsize;
};

/* A symbol, whatever the class. */
struct sym {
	uint32_t name;
	unsigned char info;
	uint16_t shndx;
	uint64_t value, size;
};

/* Copy the T (Elf32_* or Elf64_*) at P into OUT, field by field. */
#define WIDEN_SHDR(T, p, out) do {					\
	T x_;								\
	memcpy(&x_, (p), sizeof(x_));					\
	*(out) = (struct shdr){ x_.sh_type, x_.sh_link, x_.sh_offset,	\
				x_.sh_size, x_.sh_entsize };		\
} while (0)
#define WIDEN_EHDR(T, p, out) do {					\
	T x_;								\
	memcpy(&x_, (p), sizeof(x_));					\
	*(out) = (struct ehdr){ x_.e_shoff, x_.e_shnum, x_.e_shentsize }; \
} while (0)
#define WIDEN_SYM(T, p, out) do {					\
	T x_;								\
	memcpy(&x_, (p), sizeof(x_));					\
	*(out) = (struct sym){ x_.st_name, x_.st_info, x_.st_shndx,	\
			       x_.st_value, x_.st_size };		\
} while (0)

static int fail(struct hl_elf_syms *s, const char *why)
{
	s->error = why;
	return -1;
}

/* Whether [off, off + size) lies inside the buffer. */
static int inside(const struct hl_elf_syms *s, uint64_t off, uint64_t size)
{
	return off <= s->len && size <= s->len - off;
}

static int host_data(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one ? ELFDATA2LSB : ELFDATA2MSB;
}

/* Section header I of the table at OFF (checked by the caller). */
static struct shdr shdr_at(const struct hl_elf_syms *s, uint64_t off,
			   uint64_t i)
{
	struct shdr h;

	if (s->cls == ELFCLASS64)
		WIDEN_SHDR(Elf64_Shdr, s->buf + off + i * sizeof(Elf64_Shdr),
			   &h);
	else
		WIDEN_SHDR(Elf32_Shdr, s->buf + off + i * sizeof(Elf32_Shdr),
			   &h);
	return h;
}

/* Where the section headers are, and how many: 0, or -1 with the error. */
static int section_table(struct hl_elf_syms *s, uint64_t *off, uint64_t *num)
{
	int wide = s->cls == ELFCLASS64;
	uint64_t entsize;
	struct ehdr e;

	if (s->len < (wide ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr)))
		return fail(s, "truncated ELF header");
	if (wide)
		WIDEN_EHDR(Elf64_Ehdr, s->buf, &e);
	else
		WIDEN_EHDR(Elf32_Ehdr, s->buf, &e);
	*off = e.shoff;
	*num = e.shnum;
	entsize = e.shentsize;
	if (!*off)
		return fail(s, "no section headers");
	if (entsize != (wide ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) ||
	    !inside(s, *off, entsize))
		return fail(s, "section headers out of bounds");
	/* Past SHN_LORESERVE sections, the count is in the first header. */
	if (!*num)
		*num = shdr_at(s, *off, 0).size;
	if (*num > (s->len - *off) / entsize)
		return fail(s, "section headers out of bounds");
	return 0;
}

/* The symbol table to walk: .symtab, else .dynsym; -1 when none. */
static int find_table(const struct hl_elf_syms *s, uint64_t off, uint64_t num,
		      struct shdr *tab)
{
	int found = 0;

	for (uint64_t i = 0; i < num; i++) {
		struct shdr h = shdr_at(s, off, i);

		if (h.type == SHT_SYMTAB || (h.type == SHT_DYNSYM && !found)) {
			*tab = h;
			found = 1;
			if (h.type == SHT_SYMTAB)
				break;
		}
	}
	return found ? 0 : -1;
}

int hl_elf_syms_open(struct hl_elf_syms *s, const void *buf, size_t len)
{
	size_t symsize;
	uint64_t off, num;
	struct shdr tab = { 0 }, str;

	memset(s, 0, sizeof(*s));
	s->buf = buf;
	s->len = len;
	if (len < EI_NIDENT || memcmp(buf, ELFMAG, SELFMAG))
		return fail(s, "not an ELF file");
	s->cls = s->buf[EI_CLASS];
	if (s->cls != ELFCLASS32 && s->cls != ELFCLASS64)
		return fail(s, "unknown ELF class");
	if (s->buf[EI_DATA] != host_data())
		return fail(s, "another byte order than this machine's");
	if (section_table(s, &off, &num))
		return -1;
	if (find_table(s, off, num, &tab))
		return fail(s, "no symbol table (.symtab or .dynsym)");
	symsize = s->cls == ELFCLASS64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	if (tab.entsize != symsize || !inside(s, tab.offset, tab.size) ||
	    tab.link >= num)
		return fail(s, "symbol table out of bounds");
	str = shdr_at(s, off, tab.link);
	if (str.type != SHT_STRTAB || !inside(s, str.offset, str.size))
		return fail(s, "string table out of bounds");
	s->sym_off = tab.offset;
	s->nsyms = tab.size / symsize;
	s->str_off = str.offset;
	s->str_len = str.size;
	s->next = 1;	/* symbol 0 is the undefined one */
	return 0;
}

/* Symbol I as a function into *F; 0 when it is not one. */
static int func_at(const struct hl_elf_syms *s, uint64_t i,
		   struct hl_elf_func *f)
{
	unsigned type;
	struct sym x;

	if (s->cls == ELFCLASS64)
		WIDEN_SYM(Elf64_Sym,
			  s->buf + s->sym_off + i * sizeof(Elf64_Sym), &x);
	else
		WIDEN_SYM(Elf32_Sym,
			  s->buf + s->sym_off + i * sizeof(Elf32_Sym), &x);
	type = ELF64_ST_TYPE(x.info);	/* the same for both classes */
	if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
	    x.shndx == SHN_UNDEF || !x.size || !x.name ||
	    x.name >= s->str_len)
		return 0;
	f->value = x.value;
	f->size = x.size;
	f->name = (const char *)s->buf + s->str_off + x.name;
	return f->name[0] && memchr(f->name, 0, s->str_len - x.name) != NULL;
}

int hl_elf_syms_next(struct hl_elf_syms *s, struct hl_elf_func *f)
{
	while (s->next < s->nsyms)
		if (func_at(s, s->next++, f))
			return 1;
	return 0;
}

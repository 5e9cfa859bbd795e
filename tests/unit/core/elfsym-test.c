/* SPDX-License-Identifier: MIT */
/*
 * The symbol-table walker on ELF images built here, field by field, in
 * both classes, and on this test's own executable.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/elfsym.h"

/* A symbol to put in an image: NAME "" is st_name 0. */
struct sym {
	const char *name;
	unsigned type;
	uint16_t shndx;
	uint64_t value, size;
};

/*
 * An ELF64 image: header, string table, symbol table (SHT_SYMTAB or
 * SHT_DYNSYM) of SYMS, section headers [null, strtab, symtab].
 */
struct image {
	unsigned char buf[4096];
	size_t len;
	Elf64_Shdr *sh;		/* the section headers, in buf */
};

static size_t put(struct image *m, const void *p, size_t n)
{
	size_t off = (m->len + 7) & ~(size_t)7;

	memcpy(m->buf + off, p, n);
	m->len = off + n;
	return off;
}

static void build64(struct image *m, uint32_t table, const struct sym *syms,
		    size_t n)
{
	Elf64_Ehdr e = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3,
				      ELFCLASS64, ELFDATA2LSB, EV_CURRENT } };
	Elf64_Sym st[16] = { { 0 } };
	Elf64_Shdr sh[3] = { { 0 } };
	char str[512] = "";
	size_t slen = 1, soff, toff, shoff;

	memset(m, 0, sizeof(*m));
	m->len = sizeof(e);
	for (size_t i = 0; i < n; i++) {
		if (syms[i].name[0]) {
			st[i + 1].st_name = (uint32_t)slen;
			strcpy(str + slen, syms[i].name);
			slen += strlen(syms[i].name) + 1;
		}
		st[i + 1].st_info = ELF64_ST_INFO(STB_GLOBAL, syms[i].type);
		st[i + 1].st_shndx = syms[i].shndx;
		st[i + 1].st_value = syms[i].value;
		st[i + 1].st_size = syms[i].size;
	}
	soff = put(m, str, slen);
	toff = put(m, st, (n + 1) * sizeof(st[0]));
	sh[1] = (Elf64_Shdr){ .sh_type = SHT_STRTAB, .sh_offset = soff,
			      .sh_size = slen };
	sh[2] = (Elf64_Shdr){ .sh_type = table, .sh_offset = toff,
			      .sh_size = (n + 1) * sizeof(st[0]), .sh_link = 1,
			      .sh_entsize = sizeof(st[0]) };
	shoff = put(m, sh, sizeof(sh));
	e.e_type = ET_DYN;
	e.e_shoff = shoff;
	e.e_shentsize = sizeof(Elf64_Shdr);
	e.e_shnum = 3;
	memcpy(m->buf, &e, sizeof(e));
	m->sh = (Elf64_Shdr *)(m->buf + shoff);
}

static const struct sym mixed[] = {
	{ "printf", STT_FUNC, SHN_UNDEF, 0, 0 },	/* imported */
	{ "table", STT_OBJECT, 14, 0x4000, 64 },	/* data */
	{ "_init", STT_FUNC, 12, 0x1000, 0 },		/* no size */
	{ "work", STT_FUNC, 14, 0x1139, 0x20 },
	{ "", STT_FUNC, 14, 0x1160, 8 },		/* no name */
	{ "memcpy_ifunc", STT_GNU_IFUNC, 14, 0x1170, 0x10 },
};

/* The functions the walk gives, "name@value+size" joined by spaces. */
static const char *walk(const void *buf, size_t len)
{
	static char out[512];
	struct hl_elf_syms s;
	struct hl_elf_func f;
	size_t n = 0;

	if (hl_elf_syms_open(&s, buf, len))
		return s.error;
	out[0] = '\0';
	while (hl_elf_syms_next(&s, &f))
		n += (size_t)snprintf(out + n, sizeof(out) - n,
				      "%s%s@%llx+%llx",
				      n ? " " : "", f.name,
				      (unsigned long long)f.value,
				      (unsigned long long)f.size);
	return out;
}

static void test_hl_elf_syms_next_gives_defined_sized_named_functions(
	void **state)
{
	struct image m;

	(void)state;
	build64(&m, SHT_SYMTAB, mixed, 6);
	assert_string_equal(walk(m.buf, m.len),
			    "work@1139+20 memcpy_ifunc@1170+10");
}

static void test_hl_elf_syms_open_takes_dynsym_without_symtab(void **state)
{
	struct image m;

	(void)state;
	build64(&m, SHT_DYNSYM, mixed + 3, 1);
	assert_string_equal(walk(m.buf, m.len), "work@1139+20");
}

/* Both tables: .symtab, whichever comes first. */
static void test_hl_elf_syms_open_prefers_symtab(void **state)
{
	struct image m;
	Elf64_Shdr sh[4];
	Elf64_Ehdr e;
	size_t off;

	(void)state;
	build64(&m, SHT_SYMTAB, mixed + 3, 1);
	memcpy(sh, m.sh, 3 * sizeof(sh[0]));
	sh[3] = sh[2];
	sh[2].sh_type = SHT_DYNSYM;
	sh[2].sh_size = sizeof(Elf64_Sym);	/* only the null symbol */
	off = put(&m, sh, sizeof(sh));
	memcpy(&e, m.buf, sizeof(e));
	e.e_shoff = off;
	e.e_shnum = 4;
	memcpy(m.buf, &e, sizeof(e));
	assert_string_equal(walk(m.buf, m.len), "work@1139+20");
}

static void test_hl_elf_syms_open_reads_elf32(void **state)
{
	unsigned char buf[1024] = { 0 };
	Elf32_Ehdr e = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3,
				      ELFCLASS32, ELFDATA2LSB, EV_CURRENT } };
	Elf32_Sym st[2] = { { 0 } };
	Elf32_Shdr sh[3] = { { 0 } };
	const char str[] = "\0main";

	(void)state;
	st[1].st_name = 1;
	st[1].st_info = ELF32_ST_INFO(STB_GLOBAL, STT_FUNC);
	st[1].st_shndx = 13;
	st[1].st_value = 0x8049000;
	st[1].st_size = 0x30;
	memcpy(buf + 64, str, sizeof(str));
	memcpy(buf + 128, st, sizeof(st));
	sh[1] = (Elf32_Shdr){ .sh_type = SHT_STRTAB, .sh_offset = 64,
			      .sh_size = sizeof(str) };
	sh[2] = (Elf32_Shdr){ .sh_type = SHT_SYMTAB, .sh_offset = 128,
			      .sh_size = sizeof(st), .sh_link = 1,
			      .sh_entsize = sizeof(st[0]) };
	memcpy(buf + 256, sh, sizeof(sh));
	e.e_shoff = 256;
	e.e_shentsize = sizeof(Elf32_Shdr);
	e.e_shnum = 3;
	memcpy(buf, &e, sizeof(e));
	assert_string_equal(walk(buf, 256 + sizeof(sh)), "main@8049000+30");
}

static void test_hl_elf_syms_open_refuses_what_is_not_elf(void **state)
{
	struct image m;

	(void)state;
	assert_string_equal(walk("#!/bin/sh\n", 10), "not an ELF file");
	build64(&m, SHT_SYMTAB, mixed, 6);
	m.buf[EI_DATA] = ELFDATA2MSB;
	assert_string_equal(walk(m.buf, m.len),
			    "another byte order than this machine's");
	m.buf[EI_DATA] = ELFDATA2LSB;
	m.buf[EI_CLASS] = 7;
	assert_string_equal(walk(m.buf, m.len), "unknown ELF class");
	assert_string_equal(walk(m.buf, 10), "not an ELF file");
}

static void test_hl_elf_syms_open_checks_bounds(void **state)
{
	struct image m;
	Elf64_Ehdr e;

	(void)state;
	build64(&m, SHT_SYMTAB, mixed, 6);
	assert_string_equal(walk(m.buf, 40), "truncated ELF header");
	/* The section headers cut off by the end of the file. */
	assert_string_equal(walk(m.buf, m.len - 1),
			    "section headers out of bounds");
	memcpy(&e, m.buf, sizeof(e));
	e.e_shoff = 0;
	memcpy(m.buf, &e, sizeof(e));
	assert_string_equal(walk(m.buf, m.len), "no section headers");

	build64(&m, SHT_SYMTAB, mixed, 6);
	m.sh[2].sh_size = 1 << 20;
	assert_string_equal(walk(m.buf, m.len), "symbol table out of bounds");
	build64(&m, SHT_SYMTAB, mixed, 6);
	m.sh[2].sh_entsize = 16;
	assert_string_equal(walk(m.buf, m.len), "symbol table out of bounds");
	build64(&m, SHT_SYMTAB, mixed, 6);
	m.sh[2].sh_link = 9;
	assert_string_equal(walk(m.buf, m.len), "symbol table out of bounds");
	build64(&m, SHT_SYMTAB, mixed, 6);
	m.sh[1].sh_type = SHT_PROGBITS;
	assert_string_equal(walk(m.buf, m.len), "string table out of bounds");
	build64(&m, SHT_SYMTAB, mixed, 6);
	m.sh[2].sh_type = SHT_PROGBITS;
	assert_string_equal(walk(m.buf, m.len),
			    "no symbol table (.symtab or .dynsym)");
}

/* A name that runs off the end of its string table is passed over. */
static void test_hl_elf_syms_next_skips_unterminated_names(void **state)
{
	struct image m;

	(void)state;
	build64(&m, SHT_SYMTAB, mixed, 6);
	/* Cut the table inside "memcpy_ifunc", the last name. */
	m.sh[1].sh_size -= 3;
	assert_string_equal(walk(m.buf, m.len), "work@1139+20");
}

/* This test's own executable names this function. */
static void test_hl_elf_syms_next_finds_own_function(void **state)
{
	int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	struct hl_elf_syms s;
	struct hl_elf_func f;
	struct stat st;
	void *p;
	int found = 0;

	(void)state;
	assert_true(fd >= 0 && fstat(fd, &st) == 0);
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	assert_true(p != MAP_FAILED);
	assert_int_equal(hl_elf_syms_open(&s, p, (size_t)st.st_size), 0);
	while (hl_elf_syms_next(&s, &f))
		found |= !strcmp(f.name, __func__) && f.size > 0;
	assert_true(found);
	munmap(p, (size_t)st.st_size);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_hl_elf_syms_next_gives_defined_sized_named_functions),
		cmocka_unit_test(
			test_hl_elf_syms_open_takes_dynsym_without_symtab),
		cmocka_unit_test(test_hl_elf_syms_open_prefers_symtab),
		cmocka_unit_test(test_hl_elf_syms_open_reads_elf32),
		cmocka_unit_test(test_hl_elf_syms_open_refuses_what_is_not_elf),
		cmocka_unit_test(test_hl_elf_syms_open_checks_bounds),
		cmocka_unit_test(
			test_hl_elf_syms_next_skips_unterminated_names),
		cmocka_unit_test(test_hl_elf_syms_next_finds_own_function),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>

#include "elf/check.h"

static void ident64(unsigned char *h)
{
	memset(h, 0, sizeof(Elf64_Ehdr));
	memcpy(h, ELFMAG, SELFMAG);
	h[EI_CLASS] = ELFCLASS64;
	h[EI_DATA] = ELFDATA2LSB;
	h[EI_VERSION] = EV_CURRENT;
}

static struct el_ehdr ehdr64(size_t phnum, uint64_t size)
{
	struct el_ehdr eh = {
		.cls = ELFCLASS64, .type = ET_DYN, .ehsize = 64, .phoff = 64,
		.phentsize = sizeof(Elf64_Phdr), .phnum = phnum,
		.file_size = size,
	};
	return eh;
}

static struct hl_phdr load(uint64_t vaddr, uint64_t off, uint64_t filesz,
			   uint64_t memsz, uint64_t align)
{
	struct hl_phdr p = { PT_LOAD, PF_R, off, vaddr, filesz, memsz, align };
	return p;
}

static void test_el_check_ident_accepts_elf64(void **state)
{
	char why[EL_WHY_LEN];
	unsigned char h[sizeof(Elf64_Ehdr)];

	(void)state;
	ident64(h);
	assert_int_equal(el_check_ident(h, sizeof(h), why, sizeof(why)), 0);
}

static void test_el_check_ident_rejects_not_elf(void **state)
{
	char why[EL_WHY_LEN];
	unsigned char h[sizeof(Elf64_Ehdr)] = "#!/bin/sh\n";

	(void)state;
	assert_int_equal(el_check_ident(h, sizeof(h), why, sizeof(why)), -1);
	assert_non_null(strstr(why, "not an ELF file"));
	assert_int_equal(el_check_ident(h, 0, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "not an ELF file"));
}

static void test_el_check_ident_rejects_truncated(void **state)
{
	char why[EL_WHY_LEN];
	unsigned char h[sizeof(Elf64_Ehdr)];

	(void)state;
	ident64(h);
	assert_int_equal(el_check_ident(h, 10, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "truncated"));
	assert_int_equal(el_check_ident(h, 40, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "ELF header needs 64"));
}

static void test_el_check_ident_rejects_class_data_version(void **state)
{
	char why[EL_WHY_LEN];
	unsigned char h[sizeof(Elf64_Ehdr)];

	(void)state;
	ident64(h);
	h[EI_CLASS] = 7;
	assert_int_equal(el_check_ident(h, sizeof(h), why, sizeof(why)), -1);
	assert_non_null(strstr(why, "unsupported ELF class 7"));
	ident64(h);
	h[EI_CLASS] = ELFCLASSNONE;
	assert_int_equal(el_check_ident(h, sizeof(h), why, sizeof(why)), -1);
	ident64(h);
	h[EI_DATA] = 3;
	assert_int_equal(el_check_ident(h, sizeof(h), why, sizeof(why)), -1);
	assert_non_null(strstr(why, "byte order"));
	ident64(h);
	h[EI_VERSION] = 2;
	assert_int_equal(el_check_ident(h, sizeof(h), why, sizeof(why)), -1);
	assert_non_null(strstr(why, "version"));
}

static void test_el_check_ident_elf32_needs_52_bytes(void **state)
{
	char why[EL_WHY_LEN];
	unsigned char h[sizeof(Elf64_Ehdr)];

	(void)state;
	ident64(h);
	h[EI_CLASS] = ELFCLASS32;
	assert_int_equal(el_check_ident(h, 52, why, sizeof(why)), 0);
	assert_int_equal(el_check_ident(h, 51, why, sizeof(why)), -1);
}

static void test_el_check_ehdr_accepts_table_in_file(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(4, 64 + 4 * 56);

	(void)state;
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), 0);
}

static void test_el_check_ehdr_rejects_types(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(4, 4096);

	(void)state;
	eh.type = ET_REL;
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "object file"));
	eh.type = ET_CORE;
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "core"));
	eh.type = 0x1234;
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
}

static void test_el_check_ehdr_rejects_bad_tables(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh;

	(void)state;
	eh = ehdr64(0, 4096);
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "no program headers"));
	eh = ehdr64(4, 4096);
	eh.cls = ELFCLASS32;
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "does not match"));
	eh = ehdr64(4, 4096);
	eh.phentsize = sizeof(Elf32_Phdr);
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "e_phentsize is 32"));
	eh = ehdr64(65535, 1 << 24);
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "too many"));
	eh = ehdr64(4, 64 + 4 * 56 - 1);
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "beyond the end of the file"));
	eh = ehdr64(4, 4096);
	eh.phoff = UINT64_MAX - 8;
	assert_int_equal(el_check_ehdr(&eh, why, sizeof(why)), -1);
}

static void test_el_check_phdrs_accepts_a_pie(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(3, 0x5000);
	struct hl_phdr ph[3] = {
		load(0, 0, 0x600, 0x600, 0x1000),
		load(0x1000, 0x1000, 0x200, 0x200, 0x1000),
		load(0x3dd0, 0x2dd0, 0x300, 0x800000, 0x1000),
	};

	(void)state;
	assert_int_equal(el_check_phdrs(&eh, ph, 3, why, sizeof(why)), 0);
}

static void test_el_check_phdrs_rejects_filesz_over_memsz(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(1, 0x5000);
	struct hl_phdr p = load(0, 0, 0x600, 0x500, 0x1000);

	(void)state;
	assert_int_equal(el_check_phdrs(&eh, &p, 1, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "p_filesz"));
}

static void test_el_check_phdrs_rejects_overflow(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(1, 0x5000);
	struct hl_phdr p = load(UINT64_MAX - 0xfff, 0, 0, 0x2000, 0x1000);

	(void)state;
	assert_int_equal(el_check_phdrs(&eh, &p, 1, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "overflows"));
	eh.cls = ELFCLASS32;
	p = load(0xfffff000, 0, 0, 0x2000, 0x1000);
	assert_int_equal(el_check_phdrs(&eh, &p, 1, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "overflows"));
}

static void test_el_check_phdrs_rejects_bad_align(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(1, 0x5000);
	struct hl_phdr p = load(0, 0, 0x10, 0x10, 0x3000);

	(void)state;
	assert_int_equal(el_check_phdrs(&eh, &p, 1, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "power of two"));
	p = load(0x1010, 0x20, 0x10, 0x10, 0x1000);
	assert_int_equal(el_check_phdrs(&eh, &p, 1, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "modulo p_align"));
}

static void test_el_check_phdrs_rejects_content_beyond_file(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(2, 0x1000);
	struct hl_phdr ph[2] = {
		load(0, 0, 0x1001, 0x1001, 0x1000),
		{ PT_DYNAMIC, PF_R, UINT64_MAX, 0, 0x10, 0x10, 8 },
	};

	(void)state;
	assert_int_equal(el_check_phdrs(&eh, ph, 1, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "program header 0"));
	ph[0] = load(0, 0, 0x100, 0x100, 0x1000);
	assert_int_equal(el_check_phdrs(&eh, ph, 2, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "program header 1"));
}

static void test_el_check_phdrs_ignores_unread_headers(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(2, 0x1000);
	struct hl_phdr ph[2] = {
		{ PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 0, 16 },
		load(0, 0, 0x100, 0x100, 0x1000),
	};

	(void)state;
	ph[0].offset = UINT64_MAX;
	assert_int_equal(el_check_phdrs(&eh, ph, 2, why, sizeof(why)), 0);
}

static void test_el_check_phdrs_rejects_overlap_and_order(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(2, 0x5000);
	struct hl_phdr ph[2] = {
		load(0x1000, 0x1000, 0x100, 0x2000, 0x1000),
		load(0x2000, 0x2000, 0x100, 0x100, 0x1000),
	};

	(void)state;
	assert_int_equal(el_check_phdrs(&eh, ph, 2, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "overlaps"));
	ph[0] = load(0x4000, 0x0, 0x100, 0x100, 0x1000);
	assert_int_equal(el_check_phdrs(&eh, ph, 2, why, sizeof(why)), -1);
}

static void test_el_check_phdrs_needs_a_load(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(1, 0x5000);
	struct hl_phdr p = { PT_NOTE, PF_R, 0, 0, 0x10, 0x10, 4 };

	(void)state;
	assert_int_equal(el_check_phdrs(&eh, &p, 1, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "no loadable segments"));
}

static void test_el_check_phtab_alone_sections(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(4, 0x4000);	/* table at [64, 288) */

	(void)state;
	assert_int_equal(el_check_phtab_alone(&eh, 0, why, sizeof(why)), 0);
	eh.shoff = 0x3000;
	assert_int_equal(el_check_phtab_alone(&eh, 30, why, sizeof(why)), 0);
	eh.shoff = 288;
	assert_int_equal(el_check_phtab_alone(&eh, 30, why, sizeof(why)), 0);
	eh.shoff = 287;
	assert_int_equal(el_check_phtab_alone(&eh, 30, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "overlaps the section header table"));
	/* Extended numbering: header 0 is there even when the count is 0. */
	eh.phoff = 0x1000;
	eh.shoff = 0x1000 + 4 * 56 - 1;
	assert_int_equal(el_check_phtab_alone(&eh, 0, why, sizeof(why)), -1);
	eh.shoff = 64;
	assert_int_equal(el_check_phtab_alone(&eh, UINT64_MAX, why,
					      sizeof(why)), -1);
}

static void test_el_check_phtab_alone_header(void **state)
{
	char why[EL_WHY_LEN];
	struct el_ehdr eh = ehdr64(4, 0x4000);

	(void)state;
	eh.phoff = 40;
	assert_int_equal(el_check_phtab_alone(&eh, 0, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "overlaps the ELF header"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_el_check_ident_accepts_elf64),
		cmocka_unit_test(test_el_check_ident_rejects_not_elf),
		cmocka_unit_test(test_el_check_ident_rejects_truncated),
		cmocka_unit_test(
			test_el_check_ident_rejects_class_data_version),
		cmocka_unit_test(test_el_check_ident_elf32_needs_52_bytes),
		cmocka_unit_test(test_el_check_ehdr_accepts_table_in_file),
		cmocka_unit_test(test_el_check_ehdr_rejects_types),
		cmocka_unit_test(test_el_check_ehdr_rejects_bad_tables),
		cmocka_unit_test(test_el_check_phdrs_accepts_a_pie),
		cmocka_unit_test(test_el_check_phdrs_rejects_filesz_over_memsz),
		cmocka_unit_test(test_el_check_phdrs_rejects_overflow),
		cmocka_unit_test(test_el_check_phdrs_rejects_bad_align),
		cmocka_unit_test(
			test_el_check_phdrs_rejects_content_beyond_file),
		cmocka_unit_test(test_el_check_phdrs_ignores_unread_headers),
		cmocka_unit_test(test_el_check_phdrs_rejects_overlap_and_order),
		cmocka_unit_test(test_el_check_phdrs_needs_a_load),
		cmocka_unit_test(test_el_check_phtab_alone_sections),
		cmocka_unit_test(test_el_check_phtab_alone_header),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

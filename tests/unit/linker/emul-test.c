/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "linker/emul.h"

#define MIB ((size_t)1 << 20)

static void test_lw_emul_page_size_known(void **state)
{
	static const struct {
		const char *emu;
		size_t size;
	} known[] = {
		{ "elf_x86_64", 2 * MIB }, { "elf32_x86_64", 2 * MIB },
		{ "elf_i386", 2 * MIB }, { "aarch64linux", 2 * MIB },
		{ "aarch64linuxb", 2 * MIB }, { "aarch64elf", 2 * MIB },
		{ "elf64lriscv", 2 * MIB }, { "elf32lriscv", 2 * MIB },
		{ "armelf_linux_eabi", 2 * MIB },
		{ "armelfb_linux_eabi", 2 * MIB },
		{ "elf64ppc", 16 * MIB }, { "elf64lppc", 16 * MIB },
		{ "elf32ppclinux", 16 * MIB }, { "elf64_s390", 1 * MIB },
		{ "elf_s390", 1 * MIB }, { "elf64loongarch", 32 * MIB },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		assert_int_equal(lw_emul_page_size(known[i].emu),
				 known[i].size);
}

static void test_lw_emul_page_size_unknown(void **state)
{
	(void)state;
	assert_int_equal(lw_emul_page_size("elf_iamcu"), 0);
	assert_int_equal(lw_emul_page_size("i386pep"), 0);
	assert_int_equal(lw_emul_page_size("elf32mipsel"), 0);
	assert_int_equal(lw_emul_page_size(""), 0);
}

static void test_lw_emul_default_first_listed(void **state)
{
	/* GNU ld lists its default first; gold lists alphabetically, which
	 * still names the right architecture. */
	static const char *const outputs[][2] = {
		{ "GNU ld (GNU Binutils for Debian) 2.40\n"
		  "  Supported emulations:\n   elf_x86_64\n   elf32_x86_64\n",
		  "elf_x86_64" },
		{ "GNU gold (GNU Binutils for Debian 2.40) 1.16\n"
		  "  Supported targets:\n   elf64-x86-64\n"
		  "  Supported emulations:\n   elf32_x86_64\n   elf_x86_64\n",
		  "elf32_x86_64" },
		{ "mold 1.10.1 (compatible with GNU ld)\n"
		  "  Supported emulations:\n   elf_x86_64\n   elf_i386\n",
		  "elf_x86_64" },
	};
	char buf[64];

	(void)state;
	for (size_t i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
		assert_int_equal(lw_emul_default(outputs[i][0], buf,
						 sizeof(buf)), 0);
		assert_string_equal(buf, outputs[i][1]);
	}
}

static void test_lw_emul_default_none(void **state)
{
	char buf[8];

	(void)state;
	assert_int_equal(lw_emul_default(
		"Debian LLD 14.0.6 (compatible with GNU linkers)\n",
		buf, sizeof(buf)), -1);
	assert_int_equal(lw_emul_default(
		"  Supported emulations:\n   elf_x86_64\n",
		buf, sizeof(buf)), -1);
	assert_int_equal(lw_emul_default("  Supported emulations:\n", buf,
					 sizeof(buf)), -1);
}

static void test_lw_emul_native(void **state)
{
	(void)state;
#if defined(__x86_64__) && !defined(__ILP32__)
	assert_true(lw_emul_native("elf_x86_64"));
#endif
	/* The runtime is built for one word size: never for these. */
	assert_false(lw_emul_native("elf_i386"));
	assert_false(lw_emul_native("elf32_x86_64"));
	assert_false(lw_emul_native("aarch64linux32"));
	assert_false(lw_emul_native(""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_emul_page_size_known),
		cmocka_unit_test(test_lw_emul_page_size_unknown),
		cmocka_unit_test(test_lw_emul_default_first_listed),
		cmocka_unit_test(test_lw_emul_default_none),
		cmocka_unit_test(test_lw_emul_native),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "linker/script.h"

#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)

/* The shape of "ld --verbose" output, with the lines that matter. */
static const char verbose[] =
	"GNU ld (GNU Binutils) 2.40\n"
	"  Supported emulations:\n   elf_x86_64\n"
	"using internal linker script:\n"
	"==================================================\n"
	"SECTIONS\n{\n"
	"  . = SEGMENT_START(\"text-segment\", 0) + SIZEOF_HEADERS;\n"
	"  . = ALIGN(CONSTANT (MAXPAGESIZE));\n"
	"  .text : { *(.text) }\n"
	"  . = SEGMENT_START(\"rodata-segment\", ALIGN(CONSTANT (MAXPAGESIZE)) "
	"+ (. & (CONSTANT (MAXPAGESIZE) - 1)));\n"
	"  . = DATA_SEGMENT_ALIGN (CONSTANT (MAXPAGESIZE), "
	"CONSTANT (COMMONPAGESIZE));\n"
	"  .data.rel.ro : { *(.data.rel.ro) }\n"
	"  . = DATA_SEGMENT_RELRO_END (0, .);\n"
	"  .data1 : { *(.data1) }\n"
	"  .data           :\n  {\n    *(.data)\n  }\n"
	"  __bss_start = .;\n"
	"  .bss : { *(.bss) }\n"
	"  .ldata   ALIGN(CONSTANT (MAXPAGESIZE)) + "
	"(. & (CONSTANT (MAXPAGESIZE) - 1)) : { *(.ldata) }\n"
	"  . = DATA_SEGMENT_END (.);\n"
	"}\n"
	"==================================================\n";

static char *line_of(char *text, const char *needle)
{
	char *p = strstr(text, needle);

	assert_non_null(p);
	return p;
}

static void test_lw_script_make_align(void **state)
{
	char *s = lw_script_make(verbose, LW_SCRIPT_ALIGN, 2 * MIB, 2 * MIB);

	(void)state;
	assert_non_null(s);
	assert_null(strstr(s, "CONSTANT"));
	assert_null(strstr(s, "====="));
	assert_null(strstr(s, "Supported emulations"));
	assert_non_null(strstr(s, "DATA_SEGMENT_ALIGN (0x200000, 0x200000)"));
	assert_non_null(strstr(s, ". = ALIGN(0x200000);\n  .text"));
	assert_non_null(strstr(s,
		".ldata   ALIGN(0x200000) + (. & (0x200000 - 1))"));
	assert_null(strstr(s, ". = ALIGN(0x200000);\n  .data "));
	free(s);
}

/* The segment holding .bss ends on a huge-page boundary. */
static void test_lw_script_make_pads_bss(void **state)
{
	char *a = lw_script_make(verbose, LW_SCRIPT_ALIGN, 2 * MIB, GIB);
	char *b = lw_script_make(verbose, LW_SCRIPT_BSS, 0, 2 * MIB);

	(void)state;
	assert_non_null(strstr(a,
		"  .bss : { *(.bss) }\n"
		"  .hugelink.pad (NOLOAD) : { . = ALIGN(0x40000000); }\n"));
	assert_non_null(strstr(b,
		"  .bss : { *(.bss) }\n"
		"  .hugelink.pad (NOLOAD) : { . = ALIGN(0x200000); }\n"));
	free(a);
	free(b);
}

/* The segment holding RELRO reaches GNU_RELRO's rounded end. */
#define RELRO_BYTE "  .hugelink.relro_end : { BYTE(0) }\n"

static void test_lw_script_make_ends_relro_with_a_byte(void **state)
{
	static const char lazy[] =
		"==========\n"
		". = DATA_SEGMENT_ALIGN (1, 1);\n"
		"  . = DATA_SEGMENT_RELRO_END (SIZEOF (.got.plt) >= 24 ? "
		"24 : 0, .);\n"
		"  .got.plt : { *(.got.plt) }\n"
		"  .data : { *(.data) }\n"
		"  __bss_start = .;\n"
		"  .bss : { *(.bss) }\n"
		"==========\n";
	char *a = lw_script_make(verbose, LW_SCRIPT_ALIGN, 2 * MIB, GIB);
	char *b = lw_script_make(verbose, LW_SCRIPT_BSS, 0, 2 * MIB);
	char *l = lw_script_make(lazy, LW_SCRIPT_ALIGN, 2 * MIB, 2 * MIB);

	(void)state;
	assert_non_null(strstr(a, "  . = DATA_SEGMENT_RELRO_END (1 + (0), .);\n"
			       RELRO_BYTE));
	assert_non_null(strstr(b, "  . = DATA_SEGMENT_RELRO_END (1 + (0), .);\n"
			       RELRO_BYTE));
	assert_non_null(strstr(l, "  . = DATA_SEGMENT_RELRO_END (1 + (SIZEOF "
			       "(.got.plt) >= 24 ? 24 : 0), .);\n"
			       RELRO_BYTE "  .got.plt"));
	free(a);
	free(b);
	free(l);
}

static void test_lw_script_make_align_larger_data_page(void **state)
{
	char *s = lw_script_make(verbose, LW_SCRIPT_ALIGN, 2 * MIB, GIB);

	(void)state;
	assert_non_null(s);
	/* Text side and RELRO on 2M; data and bss from a 1G boundary. */
	assert_non_null(strstr(s, "ALIGN(0x200000) + (. & (0x200000 - 1))"));
	assert_non_null(strstr(s, "DATA_SEGMENT_ALIGN (0x200000, 0x200000)"));
	assert_true(line_of(s,
			    "  . = ALIGN(0x40000000);\n  .data           :") >
		    line_of(s, ".data1"));
	assert_non_null(strstr(s, ".ldata   ALIGN(0x40000000)"));
	free(s);
}

static void test_lw_script_make_bss(void **state)
{
	char *s = lw_script_make(verbose, LW_SCRIPT_BSS, 0, 2 * MIB);

	(void)state;
	assert_non_null(s);
	/* Before .bss the default layout stays as it is. */
	assert_non_null(strstr(s, "DATA_SEGMENT_ALIGN (CONSTANT (MAXPAGESIZE), "
			       "CONSTANT (COMMONPAGESIZE))"));
	assert_non_null(strstr(s, "  . = ALIGN(. + CONSTANT (MAXPAGESIZE), "
			       "0x200000);\n  __bss_start = .;"));
	assert_non_null(strstr(s, ".ldata   ALIGN(0x200000)"));
	free(s);
}

static void test_lw_script_make_rejects(void **state)
{
	(void)state;
	assert_null(lw_script_make("GNU ld 2.40\n", LW_SCRIPT_ALIGN,
				   2 * MIB, 2 * MIB));
	assert_null(lw_script_make("==========\nSECTIONS { }\n==========\n",
				   LW_SCRIPT_ALIGN, 2 * MIB, 2 * MIB));
	assert_null(lw_script_make("==========\nSECTIONS { }\n==========\n",
				   LW_SCRIPT_BSS, 2 * MIB, 2 * MIB));
	assert_null(lw_script_make(
		"==========\n. = DATA_SEGMENT_ALIGN (1, 1);\n==========\n",
		LW_SCRIPT_ALIGN, 2 * MIB, GIB));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_script_make_align),
		cmocka_unit_test(test_lw_script_make_pads_bss),
		cmocka_unit_test(test_lw_script_make_ends_relro_with_a_byte),
		cmocka_unit_test(test_lw_script_make_align_larger_data_page),
		cmocka_unit_test(test_lw_script_make_bss),
		cmocka_unit_test(test_lw_script_make_rejects),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

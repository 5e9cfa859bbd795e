/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>

#include "tools/inspect/locate.h"

/*
 * The program headers of a relinked PIE (readelf -lW of segcheck): a
 * header page and text, rodata, and data whose first file page is also
 * rodata's last.
 */
static const struct hl_phdr pie[] = {
	{ PT_LOAD, PF_R, 0x000000, 0x000000, 0x000de8, 0x000de8, 0x200000 },
	{ PT_LOAD, PF_R | PF_X, 0x001000, 0x200000, 0x301089, 0x301089,
	  0x1000 },
	{ PT_LOAD, PF_R, 0x303000, 0x600000, 0x3005d0, 0x3005d0, 0x1000 },
	{ PT_LOAD, PF_R | PF_W, 0x603d74, 0xbffd74, 0x30038c, 0x80028c,
	  0x1000 },
	{ PT_GNU_RELRO, PF_R, 0x603d74, 0xbffd74, 0x28c, 0x28c, 1 },
};
#define NPIE (sizeof(pie) / sizeof(pie[0]))

static void test_inspect_auxv_get_both_classes(void **state)
{
	uint64_t v64[] = { AT_PHDR, 0x555555554040, AT_PHNUM, 13, AT_NULL, 0,
			   AT_ENTRY, 1 };
	uint32_t v32[] = { AT_PAGESZ, 4096, AT_PHDR, 0x8048034, AT_NULL, 0 };
	uint64_t v;

	(void)state;
	assert_int_equal(inspect_auxv_get(v64, sizeof(v64), ELFCLASS64,
					  AT_PHNUM, &v), 0);
	assert_int_equal(v, 13);
	assert_int_equal(inspect_auxv_get(v64, sizeof(v64), ELFCLASS64,
					  AT_PHDR, &v), 0);
	assert_int_equal(v, 0x555555554040);
	/* Nothing after AT_NULL counts, nor does a cut entry. */
	assert_int_equal(inspect_auxv_get(v64, sizeof(v64), ELFCLASS64,
					  AT_ENTRY, &v), -1);
	assert_int_equal(inspect_auxv_get(v64, 12, ELFCLASS64, AT_PHDR, &v),
			 -1);
	assert_int_equal(inspect_auxv_get(v32, sizeof(v32), ELFCLASS32,
					  AT_PHDR, &v), 0);
	assert_int_equal(v, 0x8048034);
}

static void test_inspect_bias_from_phdr(void **state)
{
	struct hl_phdr with_phdr[2] = {
		{ PT_PHDR, PF_R, 0x40, 0x40, 0x268, 0x268, 8 },
		{ PT_LOAD, PF_R, 0, 0, 0x1000, 0x1000, 0x1000 },
	};
	uintptr_t bias = 0;

	(void)state;
	/* Without PT_PHDR (static programs): the PT_LOAD holding e_phoff. */
	assert_int_equal(inspect_bias_from_phdr(pie, NPIE, 0x40, 0x555555400040,
					   4096, &bias), 0);
	assert_int_equal(bias, 0x555555400000);
	assert_int_equal(inspect_bias_from_phdr(with_phdr, 2, 0x40,
					   0x7f0000000040, 4096, &bias), 0);
	assert_int_equal(bias, 0x7f0000000000);
	/* ET_EXEC: no bias. */
	with_phdr[0].vaddr = 0x400040;
	assert_int_equal(inspect_bias_from_phdr(with_phdr, 2, 0x40, 0x400040,
					   4096, &bias), 0);
	assert_int_equal(bias, 0);
	/* A bias that is not page-aligned, or headers nowhere: refused. */
	assert_int_equal(inspect_bias_from_phdr(pie, NPIE, 0x40, 0x555555400840,
					   4096, &bias), -1);
	assert_int_equal(inspect_bias_from_phdr(pie, NPIE, 0x7000000, 0x5555,
					   4096, &bias), -1);
}

static struct hl_smaps_map map(uintptr_t start, uintptr_t end,
			       const char *perms, unsigned long off,
			       unsigned long inode)
{
	struct hl_smaps_map m = { .line = { .start = start, .end = end,
					    .offset = off, .inode = inode,
					    .path = "" } };

	strcpy(m.line.perms, perms);
	return m;
}

static bool inode_7(const struct hl_smaps_map *m, void *ctx)
{
	(void)ctx;
	return m->line.inode == 7;
}

/*
 * Started as "ld.so ./sc" with every segment moved: only RELRO and the
 * loader's PROT_NONE gap are left of the file.  The RELRO page's offset
 * is also in rodata's file range; the bias aligned to p_align wins.
 */
static void test_inspect_bias_from_maps_only_relro_left(void **state)
{
	const uintptr_t b = 0x7f3812600000;
	struct hl_smaps_map maps[] = {
		map(b, b + 0x200000, "r--p", 0, 99),
		map(b + 0xa00000, b + 0xbff000, "---p", 0xa00000, 7),
		map(b + 0xbff000, b + 0xc00000, "r--p", 0x603000, 7),
		map(b + 0xc00000, b + 0x1400000, "rw-p", 0, 98),
	};
	uintptr_t bias = 0;

	(void)state;
	assert_int_equal(inspect_bias_from_maps(pie, NPIE, maps, 4, inode_7,
					   NULL, 4096, &bias), 0);
	assert_int_equal(bias, b);
}

/* Loaded on base pages: every mapping agrees. */
static void test_inspect_bias_from_maps_whole_file(void **state)
{
	const uintptr_t b = 0x555555400000;
	struct hl_smaps_map maps[] = {
		map(b, b + 0x1000, "r--p", 0, 7),
		map(b + 0x200000, b + 0x502000, "r-xp", 0x1000, 7),
		map(b + 0x600000, b + 0x901000, "r--p", 0x303000, 7),
		map(b + 0xbff000, b + 0xc00000, "r--p", 0x603000, 7),
		map(b + 0xc00000, b + 0xf01000, "rw-p", 0x604000, 7),
		map(b + 0xf01000, b + 0x1400000, "rw-p", 0, 0),
	};
	uintptr_t bias = 0;

	(void)state;
	assert_int_equal(inspect_bias_from_maps(pie, NPIE, maps, 6, inode_7,
					   NULL, 4096, &bias), 0);
	assert_int_equal(bias, b);
	/* A mapping of the file where no segment puts it: no bias fits. */
	maps[1].line.start += 0x1000;
	assert_int_equal(inspect_bias_from_maps(pie, NPIE, maps, 6, inode_7,
					   NULL, 4096, &bias), -1);
	/* Nothing of the file mapped at all. */
	assert_int_equal(inspect_bias_from_maps(pie, NPIE, maps + 5, 1, inode_7,
					   NULL, 4096, &bias), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspect_auxv_get_both_classes),
		cmocka_unit_test(test_inspect_bias_from_phdr),
		cmocka_unit_test(test_inspect_bias_from_maps_only_relro_left),
		cmocka_unit_test(test_inspect_bias_from_maps_whole_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

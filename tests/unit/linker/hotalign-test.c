/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <elf.h>

#include "linker/hotalign.h"

#define MIB ((uint64_t)1 << 20)
#define P (2 * MIB)

/* lld's layout: headers and rodata, then the text at 2 MiB plus their
 * length, then data.  TEXT is the text segment's address. */
static void layout(struct hl_phdr ph[3], uint64_t text)
{
	ph[0] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R,
				  .vaddr = 0, .memsz = text - P };
	ph[1] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R | PF_X,
				  .vaddr = text, .memsz = 8 * MIB };
	ph[2] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R | PF_W,
				  .vaddr = text + 10 * MIB, .memsz = 4096 };
}

static void test_lw_hotalign_saves_a_crossing_range(void **state)
{
	struct hl_phdr ph[3];
	uint64_t text = 0x3c8b50;

	(void)state;
	layout(ph, text);
	/* 1 MiB from the text's start crosses 0x400000: 2 pages, 1 aligned. */
	assert_int_equal(lw_hotalign_saves(ph, 3, text, text + MIB, P), 1);
	/* 2.5 MiB: 3 pages against 2. */
	assert_int_equal(lw_hotalign_saves(ph, 3, text + 0x40, text + 0x280000,
					   P), 1);
}

static void test_lw_hotalign_saves_nothing(void **state)
{
	struct hl_phdr ph[3];
	uint64_t text = 0x3c8b50;

	(void)state;
	layout(ph, text);
	/* Short enough to fit before the boundary. */
	assert_int_equal(lw_hotalign_saves(ph, 3, text, text + 0x1000, P), 0);
	/* 1.9 MiB into the text, 0.2 MiB long: 1 page now, 2 aligned. */
	assert_int_equal(lw_hotalign_saves(ph, 3, text + 0x1e6666,
					   text + 0x219999, P), 0);
	/* The text already starts on a huge page. */
	layout(ph, 0x200000);
	assert_int_equal(lw_hotalign_saves(ph, 3, 0x200000, 0x300000, P), 0);
	/* An empty range, a range outside the text, no page size. */
	layout(ph, text);
	assert_int_equal(lw_hotalign_saves(ph, 3, text, text, P), 0);
	assert_int_equal(lw_hotalign_saves(ph, 3, 0x100, 0x300000, P), 0);
	assert_int_equal(lw_hotalign_saves(ph, 3, text, text + MIB, 0), 0);
	assert_int_equal(lw_hotalign_saves(ph, 0, text, text + MIB, P), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_hotalign_saves_a_crossing_range),
		cmocka_unit_test(test_lw_hotalign_saves_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

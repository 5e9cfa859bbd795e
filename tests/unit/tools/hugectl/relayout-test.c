/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>

#include "tools/hugectl/relayout.h"

#define M2 0x200000ull

/* A small program, whose RELRO starts its writable segment. */
static const struct hl_phdr small[] = {
	{ PT_LOAD, PF_R, 0, 0, 0x650, 0x650, 0x1000 },
	{ PT_LOAD, PF_R | PF_X, 0x1000, 0x1000, 0x1a9, 0x1a9, 0x1000 },
	{ PT_DYNAMIC, PF_R | PF_W, 0x2de0, 0x3de0, 0x1e0, 0x1e0, 8 },
	{ PT_LOAD, PF_R | PF_W, 0x2dd0, 0x3dd0, 0x250, 0x2b0, 0x1000 },
	{ PT_GNU_RELRO, PF_R, 0x2dd0, 0x3dd0, 0x230, 0x230, 1 },
};

static void test_ctl_relayout_starts_each_segment_on_a_huge_page(void **state)
{
	struct hl_phdr out[5];

	(void)state;
	assert_int_equal(ctl_relayout(small, 5, M2, out), 0);
	assert_int_equal(out[0].vaddr, 0);
	assert_int_equal(out[1].vaddr, M2);
	/* RELRO ends on the boundary after the text's huge page. */
	assert_int_equal(out[3].vaddr, 3 * M2 - 0x230);
	assert_int_equal(out[4].vaddr, out[3].vaddr);
	/* What is not a PT_LOAD nor RELRO is left as it was. */
	assert_int_equal(out[2].vaddr, small[2].vaddr);
	for (int i = 0; i < 5; i++) {
		assert_int_equal(out[i].memsz, small[i].memsz);
		assert_int_equal(out[i].offset, small[i].offset);
		assert_int_equal(out[i].flags, small[i].flags);
	}
}

static void test_ctl_relayout_refuses_what_overflows(void **state)
{
	struct hl_phdr big[2] = {
		{ PT_LOAD, PF_R | PF_X, 0, 0, 0x1000, UINT64_MAX / 2, 0x1000 },
		{ PT_LOAD, PF_R | PF_W, 0, 0, 0x1000, 0x1000, 0x1000 },
	}, out[2];

	(void)state;
	assert_int_equal(ctl_relayout(big, 2, M2, out), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_relayout_starts_each_segment_on_a_huge_page),
		cmocka_unit_test(test_ctl_relayout_refuses_what_overflows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

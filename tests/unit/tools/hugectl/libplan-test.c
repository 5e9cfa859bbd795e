/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>

#include "tests/unit/support/fake-env.h"
#include "tools/hugectl/libplan.h"

#define M2 0x200000ull
#define K4 0x1000ull

static const struct hl_sizes sizes = {
	.base = 4096, .def = M2, .avail = { M2, 1ull << 30 }, .navail = 2,
};

/* A library of TEXT bytes of text, aligned to ALIGN, into PH. */
static void library(struct hl_phdr ph[3], uint64_t text, uint64_t align)
{
	uint64_t data = (0x1000 + text + align - 1) & ~(align - 1);

	ph[0] = (struct hl_phdr){ PT_LOAD, PF_R, 0, 0, 0x800, 0x800, align };
	ph[1] = (struct hl_phdr){ PT_LOAD, PF_R | PF_X, 0x1000, 0x1000, text,
				  text, align };
	ph[2] = (struct hl_phdr){ PT_LOAD, PF_R | PF_W, data, data, 0x100,
				  0x200, align };
}

static void judge(struct ctl_lib_verdict *out, uint64_t text, uint64_t align)
{
	static const char *env[] = {
		"HUGETLB_ELFMAP=R", "HUGETLB_FORCE_ELFMAP=yes", NULL
	};
	struct hl_phdr ph[3];
	struct el_file f = { .fd = -1, .ph = ph };
	struct hl_config cfg;

	library(ph, text, align);
	f.eh.type = ET_DYN;
	f.eh.phnum = 3;
	hl_config_read(&cfg, fake_get, env, false, "prog");
	ctl_lib_judge(out, &f, &cfg, &sizes);
}

/* libc's 1.3 MiB of text holds no 2 MiB page wherever it loads. */
static void test_ctl_lib_judge_too_small_stays(void **state)
{
	struct ctl_lib_verdict out;
	struct ctl_vars v = { 0 };

	(void)state;
	judge(&out, 0x1550fc, K4);
	assert_int_equal(out.fate, CTL_LIB_STAYS);
	assert_int_equal(out.spread.moved, 0);
	assert_int_equal(out.spread.tried, 512);
	ctl_lib_note(&v, "libc.so.6 (/lib/libc.so.6)", &out, false, false);
	assert_int_equal(v.nnote, 1);
	assert_int_equal(v.note[0].level, HL_V_WARN);
	assert_string_equal(v.note[0].text, "libc.so.6 (/lib/libc.so.6) stays "
			    "on base pages: none of its segments spans a whole "
			    "2M page (the largest, segment 1, is 1.3 MiB)");
	/* Named only by "all", it is passed over, as the runtime does. */
	ctl_lib_note(&v, "libc.so.6 (/lib/libc.so.6)", &out, false, true);
	assert_int_equal(v.nnote, 1);
	ctl_vars_free(&v);
}

/* 3 MiB, aligned to 4 KiB: a whole huge page falls inside it at some
 * load addresses only. */
static void test_ctl_lib_judge_by_address_may_move(void **state)
{
	struct ctl_lib_verdict out;
	struct ctl_vars v = { 0 };

	(void)state;
	judge(&out, 3 * M2 / 2, K4);
	assert_int_equal(out.fate, CTL_LIB_MAY_MOVE);
	assert_true(out.spread.moved > 0 && out.spread.moved < out.spread.tried);
	ctl_lib_note(&v, "libx.so", &out, false, false);
	assert_int_equal(v.note[0].level, HL_V_WARN);
	assert_non_null(strstr(v.note[0].text, "libx.so may stay on base "
			       "pages: it loads at an address aligned to 4K "
			       "only"));
	ctl_vars_free(&v);
}

/* 8 MiB moves wherever it loads, by three or four pages. */
static void test_ctl_lib_judge_large_moves(void **state)
{
	struct ctl_lib_verdict out;
	struct ctl_vars v = { 0 };

	(void)state;
	judge(&out, 4 * M2, K4);
	assert_int_equal(out.fate, CTL_LIB_MOVES);
	assert_int_equal(out.spread.least, 3);
	assert_int_equal(out.spread.most, 4);
	ctl_lib_note(&v, "libbig.so", &out, false, false);
	assert_int_equal(v.note[0].level, HL_V_INFO);
	assert_string_equal(v.note[0].text, "libbig.so moves 1 segment to "
			    "huge pages (3 to 4 pages, as where it loads "
			    "decides)");
	ctl_lib_note(&v, "libbig.so", &out, true, false);
	assert_int_equal(v.note[1].level, HL_V_WARN);
	assert_non_null(strstr(v.note[1].text, "libbig.so is not loaded at "
			       "start; if the program loads it later"));
	ctl_vars_free(&v);
}

/*
 * Laid out for 2 MiB pages, it loads where the plan assumes: one try.
 * Its text's last huge page reaches into the gap before the data, which
 * holds nothing else: 1.5 MiB still gets none (its first huge page holds
 * the headers), 5 MiB two.
 */
static void test_ctl_lib_judge_aligned_is_exact(void **state)
{
	struct ctl_lib_verdict out;

	(void)state;
	judge(&out, 3 * M2 / 4, M2);
	assert_int_equal(out.spread.tried, 1);
	assert_int_equal(out.fate, CTL_LIB_STAYS);
	judge(&out, 5 * M2 / 2, M2);
	assert_int_equal(out.spread.tried, 1);
	assert_int_equal(out.fate, CTL_LIB_MOVES);
	assert_int_equal(out.spread.least, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_lib_judge_too_small_stays),
		cmocka_unit_test(test_ctl_lib_judge_by_address_may_move),
		cmocka_unit_test(test_ctl_lib_judge_large_moves),
		cmocka_unit_test(test_ctl_lib_judge_aligned_is_exact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

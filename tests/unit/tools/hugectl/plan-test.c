/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <elf.h>

#include "tests/unit/support/fake-env.h"
#include "tools/hugectl/plan.h"

#define M2 0x200000ull

static const struct hl_sizes sizes = {
	.base = 4096, .def = M2, .avail = { M2, 1ull << 30 }, .navail = 2,
};

/* gcc -O1 with a 3 MiB rodata array and 6 MiB of data and bss. */
static const struct hl_phdr plain[] = {
	{ PT_LOAD, PF_R, 0, 0, 0x7c8, 0x7c8, 0x1000 },
	{ PT_LOAD, PF_R | PF_X, 0x1000, 0x1000, 0x3f5, 0x3f5, 0x1000 },
	{ PT_LOAD, PF_R, 0x2000, 0x2000, 0x3001cc, 0x3001cc, 0x1000 },
	{ PT_LOAD, PF_R | PF_W, 0x302dd0, 0x303dd0, 0x300260, 0x6002b0,
	  0x1000 },
	{ PT_GNU_RELRO, PF_R, 0x302dd0, 0x303dd0, 0x230, 0x230, 1 },
};

/* The same program linked with -z max-page-size=2M. */
static const struct hl_phdr relinked[] = {
	{ PT_LOAD, PF_R, 0, 0, 0x7f8, 0x7f8, M2 },
	{ PT_LOAD, PF_R | PF_X, M2, M2, 0x3f5, 0x3f5, M2 },
	{ PT_LOAD, PF_R, 2 * M2, 2 * M2, 0x3001cc, 0x3001cc, M2 },
	{ PT_LOAD, PF_R | PF_W, 0x7ffdb0, 0x9ffdb0, 0x300260, 0x6002d0, M2 },
	{ PT_GNU_RELRO, PF_R, 0x7ffdb0, 0x9ffdb0, 0x250, 0x250, 1 },
};

/* A small program: nothing in it spans a whole huge page. */
static const struct hl_phdr small[] = {
	{ PT_LOAD, PF_R, 0, 0, 0x650, 0x650, 0x1000 },
	{ PT_LOAD, PF_R | PF_X, 0x1000, 0x1000, 0x1a9, 0x1a9, 0x1000 },
	{ PT_LOAD, PF_R | PF_W, 0x2dd0, 0x3dd0, 0x250, 0x2b0, 0x1000 },
};

struct fixture {
	struct hl_phdr ph[8];
	struct el_file elf;
	struct el_linkage link;
	struct ctl_target t;
	struct ctl_vars v;
	const char *env[8];
};

static int setup(void **state)
{
	static struct fixture fx;

	memset(&fx, 0, sizeof(fx));
	fx.elf.ph = fx.ph;
	fx.elf.eh.type = ET_DYN;
	fx.link.dynamic = true;
	fx.t.path = "./prog";
	fx.t.elf = &fx.elf;
	fx.t.link = &fx.link;
	fx.t.sizes = &sizes;
	*state = &fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	ctl_vars_free(&fx->v);
	return 0;
}

static void use(struct fixture *fx, const struct hl_phdr *ph, size_t n)
{
	memcpy(fx->ph, ph, n * sizeof(*ph));
	fx->elf.eh.phnum = n;
}

#define USE(fx, layout) use(fx, layout, sizeof(layout) / sizeof(layout[0]))

static int check(struct fixture *fx, const char *elfmap)
{
	if (elfmap)
		ctl_set(&fx->v, "HUGETLB_ELFMAP", "%s", elfmap);
	return ctl_plan_check(&fx->v, &fx->t, fake_get, fx->env);
}

static bool has_note(const struct ctl_vars *v, int level, const char *text)
{
	for (int i = 0; i < v->nnote; i++)
		if (v->note[i].level == level && strstr(v->note[i].text, text))
			return true;
	return false;
}

static bool has_any_note(const struct ctl_vars *v, const char *text)
{
	for (int i = 0; i < v->nnote; i++)
		if (strstr(v->note[i].text, text))
			return true;
	return false;
}

static int warnings(const struct ctl_vars *v)
{
	int n = 0;

	for (int i = 0; i < v->nnote; i++)
		n += v->note[i].level <= HL_V_WARN;
	return n;
}

static void test_ctl_plan_check_forces_a_plain_program(void **state)
{
	struct fixture *fx = *state;

	USE(fx, plain);
	assert_int_equal(check(fx, "R:W"), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"), "yes");
	assert_true(has_note(&fx->v, HL_V_WARN, "./prog was not relinked"));
	/* Position-independent, aligned to 4 KiB: where it loads decides
	 * how many whole 2 MiB pages its 3 MiB rodata and 6 MiB of data
	 * and bss hold. */
	assert_true(has_note(&fx->v, HL_V_WARN, "hugectl sets "
			     "HUGETLB_FORCE_ELFMAP=yes, which puts the aligned "
			     "interiors of its segments on huge pages: 3 to 4 "
			     "pages of 2M, as where it loads decides; relink"));
	assert_true(has_note(&fx->v, HL_V_INFO, "segment 3: 0x"));
}

static void test_ctl_plan_check_leaves_a_relinked_program(void **state)
{
	struct fixture *fx = *state;

	USE(fx, relinked);
	assert_int_equal(check(fx, "R:W"), 0);
	assert_null(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"));
	assert_int_equal(warnings(&fx->v), 0);
	/* Position-independent: ranges past the load address. */
	assert_true(has_note(&fx->v, HL_V_INFO, "segment 1: 0x200000-0x400000 "
			     "past the load address on 2M pages"));
	/* The headers' 2 KiB would fill a thousandth of their huge page. */
	assert_true(has_note(&fx->v, HL_V_INFO, "segment 0: base pages "
			     "(neither text nor data"));
	assert_true(has_note(&fx->v, HL_V_INFO, "segment 2: 0x400000-0x800000 "
			     "past the load address on 2M pages"));
}

static void test_ctl_plan_check_does_not_force_in_vain(void **state)
{
	struct fixture *fx = *state;

	USE(fx, small);
	assert_int_equal(check(fx, "R:W"), 0);
	assert_null(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"));
	assert_true(has_note(&fx->v, HL_V_WARN, "none of its segments holds a "
			     "whole 2M page where it lies (the largest, "
			     "segment 0, is 1.6 KiB)"));
	/* Relinked, its text and its data get a huge page each. */
	assert_true(has_note(&fx->v, HL_V_WARN, "relink it with "
			     "-Wl,--hugetlbfs-align, which gives it 2 pages "
			     "of 2M"));
	assert_false(has_any_note(&fx->v, "set HUGETLB_FORCE_ELFMAP"));
	assert_true(has_note(&fx->v, HL_V_INFO, "segment 1: base pages "
			     "(shares a huge page with another segment; "
			     "HUGETLB_FORCE_ELFMAP=yes would not help: holds "
			     "no whole huge page of its own)"));
	assert_int_equal(warnings(&fx->v), 1);
}

/* Flagged for huge pages by hugeedit, but too small: neither --text nor
 * --data (which force) is advised. */
static void test_ctl_plan_check_flagged_but_too_small(void **state)
{
	struct fixture *fx = *state;

	USE(fx, small);
	fx->ph[1].flags |= HL_PF_HUGETLB;
	assert_int_equal(check(fx, NULL), 0);
	assert_null(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"));
	assert_false(has_any_note(&fx->v, "--text"));
	assert_false(has_any_note(&fx->v, "set HUGETLB_FORCE_ELFMAP"));
	assert_true(has_note(&fx->v, HL_V_WARN, "which gives it 1 page of 2M"));
}

/* Headers and data only: relinked, the headers would fill a thousandth
 * of their huge page, so nothing read-only would move either. */
static void test_ctl_plan_check_too_small_even_relinked(void **state)
{
	struct fixture *fx = *state;

	USE(fx, small);
	fx->ph[1].flags = PF_R;
	assert_int_equal(check(fx, "R"), 0);
	assert_null(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"));
	assert_true(has_note(&fx->v, HL_V_WARN, "nothing of ./prog can go on "
			     "huge pages, relinked or not"));
	assert_true(has_note(&fx->v, HL_V_WARN, "it would stay on base "
			     "pages: segments 0 and 1: neither text nor data"));
	assert_false(has_any_note(&fx->v, "relink it with"));
}

static void test_ctl_plan_check_nothing_flagged(void **state)
{
	struct fixture *fx = *state;

	USE(fx, relinked);
	assert_int_equal(check(fx, NULL), 0);
	assert_true(has_note(&fx->v, HL_V_WARN, "no segment is flagged"));
}

static void test_ctl_plan_check_flagged_but_not_relinked(void **state)
{
	struct fixture *fx = *state;

	USE(fx, plain);
	fx->ph[2].flags |= HL_PF_HUGETLB;
	assert_int_equal(check(fx, NULL), 0);
	assert_null(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"));
	assert_true(has_note(&fx->v, HL_V_WARN,
			     "flagged segments share huge pages"));
}

static void test_ctl_plan_check_respects_the_users_force(void **state)
{
	struct fixture *fx = *state;

	USE(fx, plain);
	fx->env[0] = "HUGETLB_FORCE_ELFMAP=yes";
	assert_int_equal(check(fx, "R:W"), 0);
	assert_null(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"));
	assert_int_equal(warnings(&fx->v), 0);
}

/* A value the runtime ignores is noted, and the plan goes on; only a
 * contradictory HUGETLB_ELFMAP stops it. */
static void test_ctl_plan_check_invalid_environment(void **state)
{
	struct fixture *fx = *state;

	USE(fx, relinked);
	fx->env[0] = "HUGETLB_PATH=relative";
	assert_int_equal(check(fx, "R:W"), 0);
	assert_true(has_note(&fx->v, HL_V_WARN, "HUGETLB_PATH"));
	assert_false(has_note(&fx->v, HL_V_WARN, "nothing on huge pages"));
	ctl_vars_free(&fx->v);
	assert_int_equal(check(fx, "R=2M:R=1G"), 0);
	assert_true(has_note(&fx->v, HL_V_WARN, "two page sizes"));
	assert_true(has_note(&fx->v, HL_V_WARN, "nothing on huge pages"));
}

static void test_ctl_plan_check_restricted(void **state)
{
	struct fixture *fx = *state;

	USE(fx, relinked);
	fx->env[0] = "HUGETLB_RESTRICT_EXE=other:another";
	assert_int_equal(check(fx, "R:W"), 0);
	assert_true(has_note(&fx->v, HL_V_WARN, "does not name prog"));
	ctl_vars_free(&fx->v);
	fx->env[0] = "HUGETLB_RESTRICT_EXE=other:prog";
	assert_int_equal(check(fx, "R:W"), 0);
	assert_int_equal(warnings(&fx->v), 0);
}

static void test_ctl_plan_check_no_such_size(void **state)
{
	struct fixture *fx = *state;

	USE(fx, relinked);
	assert_int_equal(check(fx, "R=16M"), 0);
	assert_true(has_note(&fx->v, HL_V_WARN, "no huge pages of the size"));
}

static void test_ctl_plan_check_skips_static_without_runtime(void **state)
{
	struct fixture *fx = *state;

	USE(fx, plain);
	fx->link.dynamic = false;
	assert_int_equal(check(fx, "R:W"), 0);
	assert_int_equal(fx->v.nnote, 0);
	assert_null(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"));
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_ctl_plan_check_forces_a_plain_program),
		TEST(test_ctl_plan_check_leaves_a_relinked_program),
		TEST(test_ctl_plan_check_does_not_force_in_vain),
		TEST(test_ctl_plan_check_flagged_but_too_small),
		TEST(test_ctl_plan_check_too_small_even_relinked),
		TEST(test_ctl_plan_check_nothing_flagged),
		TEST(test_ctl_plan_check_flagged_but_not_relinked),
		TEST(test_ctl_plan_check_respects_the_users_force),
		TEST(test_ctl_plan_check_invalid_environment),
		TEST(test_ctl_plan_check_restricted),
		TEST(test_ctl_plan_check_no_such_size),
		TEST(test_ctl_plan_check_skips_static_without_runtime),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/support/fake-env.h"
#include "tools/hugectl/env.h"
#include "tools/hugectl/plan.h"

#define LIBDIR "/opt/hl/lib"
#define RUNTIME LIBDIR "/libhugelink.so.1"

/*
 * The plan is tested on its own: here it only has to be called, and
 * notes which of the variables it reads were set by then.
 */
static bool plan_saw_share, plan_saw_backing;

int __wrap_ctl_plan_check(struct ctl_vars *v, const struct ctl_target *t,
			  hl_getenv_fn *get, void *ctx);
int __wrap_ctl_plan_check(struct ctl_vars *v, const struct ctl_target *t,
			  hl_getenv_fn *get, void *ctx)
{
	(void)t, (void)get, (void)ctx;
	function_called();
	plan_saw_share = ctl_get(v, "HUGETLB_SHARE") != NULL;
	plan_saw_backing = ctl_get(v, "HUGELINK_BACKING") != NULL;
	return 0;
}

/* A target: an ELF program of this machine, linked as L says. */
struct fixture {
	struct el_file elf;
	struct el_linkage link;
	struct ctl_target t;
	struct ctl_opts o;
	struct ctl_vars v;
	const char *env[8];
};

static int setup(void **state)
{
	static struct fixture fx;

	memset(&fx, 0, sizeof(fx));
	fx.link.dynamic = true;
	fx.t.path = "./prog";
	fx.t.elf = &fx.elf;
	fx.t.link = &fx.link;
	fx.o.verbose = 2;
	*state = &fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	ctl_vars_free(&fx->v);
	return 0;
}

static int build(struct fixture *fx)
{
	if (fx->t.elf && !fx->t.foreign)
		expect_function_call(__wrap_ctl_plan_check);
	return ctl_env_build(&fx->v, &fx->o, &fx->t, LIBDIR, fake_get, fx->env);
}

static bool has_note(const struct ctl_vars *v, int level, const char *text)
{
	for (int i = 0; i < v->nnote; i++)
		if (v->note[i].level == level && strstr(v->note[i].text, text))
			return true;
	return false;
}

static void test_ctl_env_build_order_and_defaults(void **state)
{
	struct fixture *fx = *state;

	fx->o.text = fx->o.data = HL_PAGE_DEFAULT;
	assert_int_equal(build(fx), 0);
	assert_int_equal(fx->v.nvar, 4);
	assert_string_equal(fx->v.var[0].name, "HUGETLB_VERBOSE");
	assert_string_equal(fx->v.var[0].value, "2");
	assert_string_equal(fx->v.var[1].name, "LD_LIBRARY_PATH");
	assert_string_equal(fx->v.var[1].value, LIBDIR);
	assert_string_equal(fx->v.var[2].name, "HUGETLB_ELFMAP");
	assert_string_equal(fx->v.var[2].value, "R:W");
	assert_string_equal(fx->v.var[3].name, "LD_PRELOAD");
	assert_string_equal(fx->v.var[3].value, RUNTIME);
}

static void test_ctl_env_build_elfmap_sizes(void **state)
{
	struct fixture *fx = *state;

	fx->o.text = 1u << 30;
	fx->o.bss = 2u << 20;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_ELFMAP"), "R=1G:W=2M");
	assert_int_equal(fx->v.nnote, 1);	/* the preload */
}

static void test_ctl_env_build_data_wins_over_bss(void **state)
{
	struct fixture *fx = *state;

	fx->o.data = HL_PAGE_DEFAULT;
	fx->o.bss = 1u << 30;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_ELFMAP"), "W");
	assert_true(has_note(&fx->v, HL_V_WARN,
			     "data and bss are one segment"));
}

static void test_ctl_env_build_disable(void **state)
{
	struct fixture *fx = *state;

	fx->o.disable = true;
	fx->o.text = HL_PAGE_DEFAULT;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_ELFMAP"), "no");
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	assert_true(has_note(&fx->v, HL_V_WARN, "--disable overrides"));
}

static void test_ctl_env_build_library_path(void **state)
{
	struct fixture *fx = *state;

	fx->env[0] = "LD_LIBRARY_PATH=/a:/b";
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "LD_LIBRARY_PATH"),
			    LIBDIR ":/a:/b");
	ctl_vars_free(&fx->v);
	fx->env[0] = "LD_LIBRARY_PATH=" LIBDIR ":/a";
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "LD_LIBRARY_PATH"), LIBDIR ":/a");
	ctl_vars_free(&fx->v);
	fx->o.lib = CTL_LIB_DIR;
	fx->o.libdir = "/x";
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "LD_LIBRARY_PATH"),
			    "/x:" LIBDIR ":/a");
	assert_string_equal(ctl_get(&fx->v, "LD_PRELOAD"),
			    "/x/libhugelink.so.1");
	ctl_vars_free(&fx->v);
	fx->o.lib = CTL_LIB_SYSTEM;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_LIBRARY_PATH"));
	assert_string_equal(ctl_get(&fx->v, "LD_PRELOAD"), "libhugelink.so.1");
}

static void test_ctl_env_build_debug_at_99(void **state)
{
	struct fixture *fx = *state;

	fx->o.verbose = 99;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_DEBUG"), "yes");
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_VERBOSE"), "99");
}

static void test_ctl_env_build_keeps_other_preloads(void **state)
{
	struct fixture *fx = *state;

	fx->env[0] = "LD_PRELOAD=/usr/lib/libfoo.so";
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "LD_PRELOAD"),
			    "/usr/lib/libfoo.so:" RUNTIME);
	ctl_vars_free(&fx->v);
	fx->env[0] = "LD_PRELOAD=/elsewhere/libhugelink.so";
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
}

static void test_ctl_env_build_no_preload_when_linked(void **state)
{
	struct fixture *fx = *state;

	fx->link.needs_runtime = true;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	ctl_vars_free(&fx->v);
	fx->o.preload = CTL_PRELOAD_ALWAYS;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "LD_PRELOAD"), RUNTIME);
	assert_true(has_note(&fx->v, HL_V_WARN,
			     "links libhugelink.so already"));
}

/* --no-preload into a program without the runtime: it is said that
 * only a library that carries the runtime moves anything, and the
 * plan is checked, for such a library. */
static void test_ctl_env_build_no_preload_no_runtime(void **state)
{
	struct fixture *fx = *state;

	fx->o.preload = CTL_PRELOAD_NEVER;
	fx->o.text = HL_PAGE_DEFAULT;
	assert_true(ctl_runtime_absent(&fx->o, &fx->t, fake_get, fx->env));
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_ELFMAP"), "R");
	assert_true(has_note(&fx->v, HL_V_WARN, "./prog does not carry the "
			     "runtime, and --no-preload keeps the shared one "
			     "out: nothing moves unless a library it loads "
			     "carries the runtime"));
	ctl_vars_free(&fx->v);
	fx->env[0] = "LD_PRELOAD=libhugelink.so.1";
	assert_false(ctl_runtime_absent(&fx->o, &fx->t, fake_get, fx->env));
	assert_int_equal(build(fx), 0);
	assert_false(has_note(&fx->v, HL_V_WARN, "nothing moves unless"));
}

/* A dynamic program that embeds the runtime, seen by its note or by its
 * constructor's symbol, needs no preload either. */
static void test_ctl_env_build_no_preload_when_embedded(void **state)
{
	struct fixture *fx = *state;

	fx->link.has_note = true;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	assert_true(has_note(&fx->v, HL_V_INFO, "embeds the runtime"));
	ctl_vars_free(&fx->v);
	fx->link.has_note = false;
	fx->link.has_ctor = true;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	ctl_vars_free(&fx->v);
	fx->o.preload = CTL_PRELOAD_ALWAYS;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "LD_PRELOAD"), RUNTIME);
	assert_true(has_note(&fx->v, HL_V_WARN, "embeds the runtime already"));
}

static void test_ctl_env_build_static_programs(void **state)
{
	struct fixture *fx = *state;

	fx->link.dynamic = false;
	fx->link.has_symtab = true;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	assert_true(has_note(&fx->v, HL_V_WARN, "statically linked without"));
	ctl_vars_free(&fx->v);
	fx->link.has_ctor = true;
	assert_int_equal(build(fx), 0);
	assert_int_equal(fx->v.nnote, 1);
	assert_true(has_note(&fx->v, HL_V_INFO, "carries the static runtime"));
	ctl_vars_free(&fx->v);
	fx->link.has_ctor = fx->link.has_symtab = false;
	assert_int_equal(build(fx), 0);
	assert_true(has_note(&fx->v, HL_V_WARN, "stripped"));
}

static void test_ctl_env_build_not_elf_or_foreign(void **state)
{
	struct fixture *fx = *state;

	fx->t.elf = NULL;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	assert_true(has_note(&fx->v, HL_V_WARN, "not an ELF program"));
	ctl_vars_free(&fx->v);
	fx->t.unreadable = true;
	assert_int_equal(build(fx), 0);
	assert_true(has_note(&fx->v, HL_V_WARN, "hugectl cannot read it"));
	ctl_vars_free(&fx->v);
	fx->t.elf = &fx->elf;
	fx->t.foreign = true;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	assert_true(has_note(&fx->v, HL_V_WARN, "another machine"));
}

/* --dry-run of a program not found: one note, no preload but forced. */
static void test_ctl_env_build_missing_program(void **state)
{
	struct fixture *fx = *state;

	fx->t.elf = NULL;
	fx->t.link = NULL;
	fx->t.missing = "command not found";
	fx->o.text = HL_PAGE_DEFAULT;
	assert_int_equal(build(fx), 0);
	assert_int_equal(fx->v.nvar, 3);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
	assert_int_equal(fx->v.nnote, 1);
	assert_true(has_note(&fx->v, HL_V_WARN, "./prog: command not found: "
			     "nothing about the program was checked, and "
			     "LD_PRELOAD"));
	ctl_vars_free(&fx->v);
	fx->o.preload = CTL_PRELOAD_ALWAYS;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "LD_PRELOAD"), RUNTIME);
	assert_true(has_note(&fx->v, HL_V_WARN, "./prog: command not found: "
			     "nothing about the program was checked"));
	assert_false(has_note(&fx->v, HL_V_WARN, "LD_PRELOAD"));
}

static void test_ctl_env_build_without_program(void **state)
{
	struct fixture *fx = *state;

	fx->t.path = NULL;
	fx->t.elf = NULL;
	fx->o.text = HL_PAGE_DEFAULT;
	assert_int_equal(build(fx), 0);
	assert_int_equal(fx->v.nvar, 3);
	assert_null(ctl_get(&fx->v, "LD_PRELOAD"));
}

static void test_ctl_env_build_heap(void **state)
{
	struct fixture *fx = *state;

	fx->o.heap = CTL_HEAP_DEFAULT;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "GLIBC_TUNABLES"),
			    "glibc.malloc.hugetlb=2");
	assert_true(has_note(&fx->v, HL_V_WARN,
			     "hugelink does not place the heap"));
	ctl_vars_free(&fx->v);
	fx->env[0] = "GLIBC_TUNABLES=glibc.malloc.check=3";
	fx->o.heap = 1u << 30;
	assert_int_equal(build(fx), 0);
	assert_string_equal(
		ctl_get(&fx->v, "GLIBC_TUNABLES"),
		"glibc.malloc.check=3:glibc.malloc.hugetlb=1073741824");
	ctl_vars_free(&fx->v);
	fx->o.heap = CTL_HEAP_THP;
	fx->env[0] = NULL;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "GLIBC_TUNABLES"),
			    "glibc.malloc.hugetlb=1");
}

static void test_ctl_env_build_share_and_no_reserve(void **state)
{
	struct fixture *fx = *state;

	fx->o.share = fx->o.no_reserve = true;
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_SHARE"), "1");
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_NO_RESERVE"), "yes");
	assert_null(ctl_get(&fx->v, "HUGELINK_BACKING"));
}

static void test_ctl_env_build_backing(void **state)
{
	struct fixture *fx = *state;

	fx->o.backing = "thp";
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGELINK_BACKING"), "thp");
}

/* The plan's check reads --share-text and --backing as the runtime will. */
static void test_ctl_env_build_share_backing_before_plan_check(void **state)
{
	struct fixture *fx = *state;

	fx->o.share = true;
	fx->o.backing = "thp";
	assert_int_equal(build(fx), 0);
	assert_true(plan_saw_share);
	assert_true(plan_saw_backing);
}

static void test_ctl_env_build_libs(void **state)
{
	struct fixture *fx = *state;

	fx->o.text = HL_PAGE_DEFAULT;
	fx->o.libs = "libLLVM-14.so.1";
	assert_int_equal(build(fx), 0);
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_ELFMAP"), "R");
	assert_string_equal(ctl_get(&fx->v, "HUGELINK_LIBS"),
			    "libLLVM-14.so.1");
	/* The libraries were not relinked: only forced do they move. */
	assert_string_equal(ctl_get(&fx->v, "HUGETLB_FORCE_ELFMAP"), "yes");
	assert_true(has_note(&fx->v, HL_V_INFO, "--libs"));
	/* --disable moves nothing, libraries included. */
	ctl_vars_free(&fx->v);
	fx->o.disable = true;
	assert_int_equal(build(fx), 0);
	assert_null(ctl_get(&fx->v, "HUGELINK_LIBS"));
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_ctl_env_build_order_and_defaults),
		TEST(test_ctl_env_build_elfmap_sizes),
		TEST(test_ctl_env_build_data_wins_over_bss),
		TEST(test_ctl_env_build_disable),
		TEST(test_ctl_env_build_backing),
		TEST(test_ctl_env_build_share_backing_before_plan_check),
		TEST(test_ctl_env_build_libs),
		TEST(test_ctl_env_build_library_path),
		TEST(test_ctl_env_build_debug_at_99),
		TEST(test_ctl_env_build_keeps_other_preloads),
		TEST(test_ctl_env_build_no_preload_when_linked),
		TEST(test_ctl_env_build_no_preload_no_runtime),
		TEST(test_ctl_env_build_no_preload_when_embedded),
		TEST(test_ctl_env_build_static_programs),
		TEST(test_ctl_env_build_not_elf_or_foreign),
		TEST(test_ctl_env_build_missing_program),
		TEST(test_ctl_env_build_without_program),
		TEST(test_ctl_env_build_heap),
		TEST(test_ctl_env_build_share_and_no_reserve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

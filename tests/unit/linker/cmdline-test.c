/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "linker/cmdline.h"

struct planned {
	struct lw_argv args;
	struct lw_opts o;
	struct lw_argv out;
};

static void plan(struct planned *p, const struct lw_cmdline *pl,
		 const char *const *argv, size_t n)
{
	memset(p, 0, sizeof(*p));
	assert_int_equal(lw_argv_pushv(&p->args, (char *const *)argv, n), 0);
	assert_int_equal(lw_opts_parse(&p->args, &p->o), 0);
	assert_int_equal(lw_cmdline_args(&p->o, pl, &p->out), 0);
}

static void is(struct planned *p, const char *const *want, size_t n)
{
	assert_int_equal(p->out.n, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(p->out.v[i], want[i]);
	lw_opts_free(&p->o);
	lw_argv_free(&p->args);
	lw_argv_free(&p->out);
}

#define ARGS(...) (const char *const[]){ __VA_ARGS__ }, \
	sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(char *)

static const struct lw_layout generate = { .method = LW_METHOD_GENERATE };

static void test_lw_cmdline_args_dynamic(void **state)
{
	const struct lw_cmdline pl = {
		.layout = &generate, .script = "/t/script",
		.runtime = "/p/lib/libhugelink.so", .rpath = "/p/lib",
	};
	struct planned p;

	(void)state;
	plan(&p, &pl, ARGS("--hugetlbfs-align", "a.o", "-lgcc", "-lc",
			   "-lgcc"));
	is(&p, ARGS("--build-id", "a.o", "-lgcc", "--push-state", "--no-as-needed",
		    "/p/lib/libhugelink.so", "--pop-state", "-lc", "-lgcc",
		    "-rpath", "/p/lib", "-T", "/t/script"));
}

static void test_lw_cmdline_args_static(void **state)
{
	const struct lw_cmdline pl = {
		.layout = &generate, .script = "/t/script",
		.runtime = "/p/lib/libhugelink.a", .archive = true,
	};
	struct planned p;

	(void)state;
	plan(&p, &pl, ARGS("-static", "a.o", "--start-group", "-lc",
			   "--end-group", "--hugetlbfs-align"));
	is(&p, ARGS("--build-id", "-static", "a.o", "--push-state", "--no-whole-archive",
		    "-u", "ldr_ctor", "/p/lib/libhugelink.a", "--pop-state",
		    "--start-group",
		    "-lc", "--end-group", "-T", "/t/script"));
}

/* The embedded runtime in a PIE, inside the user's --whole-archive. */
static void test_lw_cmdline_args_embedded_pie(void **state)
{
	const struct lw_cmdline pl = {
		.layout = &generate, .script = "/t/script",
		.runtime = "/p/lib/libhugelink.a", .archive = true,
	};
	struct planned p;

	(void)state;
	plan(&p, &pl, ARGS("-pie", "a.o", "--whole-archive", "x.a", "-lc",
			   "--hugetlbfs-align"));
	is(&p, ARGS("--build-id", "-pie", "a.o", "--whole-archive", "x.a", "--push-state",
		    "--no-whole-archive", "-u", "ldr_ctor",
		    "/p/lib/libhugelink.a", "--pop-state", "-lc", "-T",
		    "/t/script"));
}

static void test_lw_cmdline_args_before_double_dash(void **state)
{
	const struct lw_layout z = {
		.method = LW_METHOD_ZOPTS, .page = 0x200000,
		.common_page = true,
	};
	const struct lw_cmdline pl = {
		.layout = &z, .runtime = "/p/lib/libhugelink.a",
		.archive = true,
	};
	struct planned p;

	(void)state;
	plan(&p, &pl, ARGS("--hugetlbfs-align", "a.o", "--", "-lc"));
	is(&p, ARGS("--build-id", "a.o", "--push-state", "--no-whole-archive", "-u",
		    "ldr_ctor", "/p/lib/libhugelink.a", "--pop-state", "-z",
		    "max-page-size=0x200000", "-z", "common-page-size=0x200000",
		    "--", "-lc"));
}

/* The user's own --build-id comes after the wrapper's, and wins. */
static void test_lw_cmdline_args_users_build_id_wins(void **state)
{
	const struct lw_cmdline pl = {
		.layout = &generate, .script = "/t/script",
		.runtime = "/p/lib/libhugelink.a", .archive = true,
	};
	struct planned p;

	(void)state;
	plan(&p, &pl, ARGS("--build-id=none", "a.o", "--hugetlbfs-align"));
	is(&p, ARGS("--build-id", "--build-id=none", "a.o", "--push-state",
		    "--no-whole-archive", "-u", "ldr_ctor",
		    "/p/lib/libhugelink.a", "--pop-state", "-T",
		    "/t/script"));
}

static void test_lw_cmdline_args_separate_code(void **state)
{
	const struct lw_layout z = {
		.method = LW_METHOD_ZOPTS, .page = 0x200000,
		.separate_code = true,
	};
	const struct lw_cmdline pl = { .layout = &z };
	struct planned p;

	(void)state;
	plan(&p, &pl, ARGS("--hugetlbfs-align", "a.o"));
	is(&p, ARGS("a.o", "-z", "separate-code", "-z",
		    "max-page-size=0x200000"));
}

static void test_lw_cmdline_args_nothing_added(void **state)
{
	const struct lw_layout none = { .method = LW_METHOD_NONE };
	const struct lw_cmdline pl = { .layout = &none };
	struct planned p;

	(void)state;
	plan(&p, &pl, ARGS("--hugetlbfs-align", "-r", "a.o", "-o", "b.o"));
	is(&p, ARGS("-r", "a.o", "-o", "b.o"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_cmdline_args_dynamic),
		cmocka_unit_test(test_lw_cmdline_args_static),
		cmocka_unit_test(test_lw_cmdline_args_embedded_pie),
		cmocka_unit_test(test_lw_cmdline_args_users_build_id_wins),
		cmocka_unit_test(test_lw_cmdline_args_before_double_dash),
		cmocka_unit_test(test_lw_cmdline_args_separate_code),
		cmocka_unit_test(test_lw_cmdline_args_nothing_added),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

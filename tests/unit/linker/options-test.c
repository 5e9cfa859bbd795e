/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/unit/support/parsed-opts.h"

/* Parsing must fail on this command line. */
#define REJECT(...) do { \
	struct parsed p_; \
	PARSE(&p_, __VA_ARGS__); \
	assert_int_equal(p_.rc, -1); \
	done(&p_); \
} while (0)

static void assert_rest(const struct lw_opts *o, const char *const *want,
			size_t n)
{
	assert_int_equal(o->rest.n, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(o->rest.v[i], want[i]);
}

static void test_lw_opts_parse_nothing_of_ours(void **state)
{
	static const char *const argv[] = {
		"-pie", "-o", "prog", "a.o", "-lc", "--version",
	};
	struct parsed p;

	(void)state;
	parse(&p, argv, 6);
	assert_int_equal(p.rc, 0);
	assert_false(p.o.ours);
	assert_int_equal(p.o.mode, LW_MODE_NONE);
	assert_rest(&p.o, argv, 6);
	assert_true(p.o.info_only);
	done(&p);
}

static void test_lw_opts_parse_align(void **state)
{
	static const char *const rest[] = { "-o", "x", "a.o" };
	struct parsed p;

	(void)state;
	PARSE(&p, "-o", "x", "--hugetlbfs-align", "a.o");
	assert_int_equal(p.rc, 0);
	assert_true(p.o.ours);
	assert_int_equal(p.o.mode, LW_MODE_ALIGN);
	assert_string_equal(p.o.output, "x");
	assert_rest(&p.o, rest, 3);
	assert_int_equal(p.o.options_end, 3);
	done(&p);
}

static void test_lw_opts_parse_link_overrides_align(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "--hugetlbfs-link=BDT", "--hugetlbfs-align");
	assert_int_equal(p.o.mode, LW_MODE_BDT);
	done(&p);
	PARSE(&p, "--hugetlbfs-align", "--hugetlbfs-link=B",
	      "--hugetlbfs-script-path=/s");
	assert_int_equal(p.o.mode, LW_MODE_B);
	assert_string_equal(p.o.script_dir, "/s");
	assert_int_equal(p.o.rest.n, 0);
	done(&p);
}

static void test_lw_opts_parse_page_size(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "--hugetlbfs-align", "--hugetlbfs-page-size=1G");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.o.page_size, (size_t)1 << 30);
	done(&p);
	REJECT("--hugetlbfs-align", "--hugetlbfs-page-size=3M");
	REJECT("--hugetlbfs-align", "--hugetlbfs-page-size=1K");
	REJECT("--hugetlbfs-align", "--hugetlbfs-page-size=");
	REJECT("--hugetlbfs-align", "--hugetlbfs-page-size");
	REJECT("--hugetlbfs-page-size=2M");
}

static void test_lw_opts_parse_runtime(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "--hugetlbfs-align", "a.o");
	assert_int_equal(p.o.runtime, LW_RUNTIME_STATIC);
	done(&p);
	PARSE(&p, "--hugetlbfs-runtime=shared", "--hugetlbfs-align", "a.o");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.o.runtime, LW_RUNTIME_SHARED);
	assert_int_equal(p.o.rest.n, 1);
	done(&p);
	PARSE(&p, "--hugetlbfs-link=B", "--hugetlbfs-runtime=shared",
	      "--hugetlbfs-runtime=static");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.o.runtime, LW_RUNTIME_STATIC);
	done(&p);
	REJECT("--hugetlbfs-align", "--hugetlbfs-runtime=dynamic");
	REJECT("--hugetlbfs-align", "--hugetlbfs-runtime");
	REJECT("--hugetlbfs-runtime=shared", "a.o");
}

/* --hugetlbfs-version is ours, and asks for nothing else. */
static void test_lw_opts_parse_version(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "--hugetlbfs-version");
	assert_int_equal(p.rc, 0);
	assert_true(p.o.ours);
	assert_true(p.o.version);
	assert_int_equal(p.o.rest.n, 0);
	done(&p);
	PARSE(&p, "--version");
	assert_false(p.o.ours);
	assert_false(p.o.version);
	assert_true(p.o.info_only);
	done(&p);	/* -v and -V ask a question only when nothing is to be linked. */
	PARSE(&p, "--hugetlbfs-align", "-shared", "-v");
	assert_true(p.o.info_only);
	done(&p);
	PARSE(&p, "-V", "--hugetlbfs-align");
	assert_true(p.o.info_only);
	done(&p);
	PARSE(&p, "--hugetlbfs-align", "-v", "a.o");
	assert_false(p.o.info_only);
	done(&p);
	PARSE(&p, "--hugetlbfs-align", "-V", "-lc");
	assert_false(p.o.info_only);
	done(&p);
}

static void test_lw_opts_parse_rejects_unknown(void **state)
{
	(void)state;
	REJECT("--hugetlbfs-bogus");
	REJECT("--hugetlbfs-align=yes");
	REJECT("--hugetlbfs-link");
	REJECT("--hugetlbfs-link=BD");
	REJECT("--hugetlbfs-script-path=");
}

/* GNU ld would read "-hugetlbfs-align" as "-h ugetlbfs-align": one dash
 * is refused, not linked as a plain link with a strange soname.  As the
 * value of an option it is no option. */
static void test_lw_opts_parse_one_dash(void **state)
{
	struct parsed p;

	(void)state;
	REJECT("-hugetlbfs-align");
	REJECT("-o", "x", "-hugetlbfs-link=B");
	PARSE(&p, "-soname", "-hugetlbfs-align", "-shared");
	assert_int_equal(p.rc, 0);
	assert_false(p.o.ours);
	done(&p);
	assert_true(lw_opts_looks_ours("--hugetlbfs-align"));
	assert_true(lw_opts_looks_ours("-hugetlbfs-link=B"));
	assert_false(lw_opts_looks_ours("---hugetlbfs-align"));
	assert_false(lw_opts_looks_ours("hugetlbfs-align"));
	assert_false(lw_opts_looks_ours(""));
}

static void test_lw_opts_parse_double_dash(void **state)
{
	static const char *const rest[] = {
		"a.o", "--", "--hugetlbfs-bogus", "-static",
	};
	struct parsed p;

	(void)state;
	PARSE(&p, "--hugetlbfs-align", "a.o", "--", "--hugetlbfs-bogus",
	      "-static");
	assert_int_equal(p.rc, 0);
	assert_rest(&p.o, rest, 4);
	assert_int_equal(p.o.options_end, 1);
	assert_false(p.o.is_static);
	done(&p);
}

static void test_lw_opts_parse_kinds(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "a.o");
	assert_int_equal(p.o.kind, LW_KIND_EXEC);
	done(&p);
	PARSE(&p, "-shared", "-pie");
	assert_int_equal(p.o.kind, LW_KIND_PIE);
	done(&p);
	PARSE(&p, "--pie", "-no-pie");
	assert_int_equal(p.o.kind, LW_KIND_EXEC);
	done(&p);
	PARSE(&p, "-pie", "-Bshareable");
	assert_int_equal(p.o.kind, LW_KIND_SHARED);
	done(&p);
	PARSE(&p, "-static", "-pie", "--no-dynamic-linker", "-z", "text");
	assert_int_equal(p.o.kind, LW_KIND_PIE);
	assert_true(p.o.is_static);
	assert_int_equal(p.o.script_opts.n, 5);
	done(&p);
	PARSE(&p, "-r");
	assert_true(p.o.relocatable);
	done(&p);
}

static void test_lw_opts_parse_emulation(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "-m", "elf_i386", "-mllvm", "-opt", "-melf_x86_64");
	assert_string_equal(p.o.emulation, "elf_x86_64");
	done(&p);
	PARSE(&p, "-melf_i386", "-mllvm", "-mcpu", "-mllvm=-x");
	assert_string_equal(p.o.emulation, "elf_i386");
	done(&p);
}

static void test_lw_opts_parse_output(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "a.o");
	assert_string_equal(p.o.output, "a.out");
	done(&p);
	PARSE(&p, "-oone", "--output", "two", "-omagic");
	assert_string_equal(p.o.output, "two");
	done(&p);
	PARSE(&p, "-o", "one", "--output=three", "-oformat", "elf64-x86-64");
	assert_string_equal(p.o.output, "three");
	done(&p);
}

static void test_lw_opts_parse_scripts(void **state)
{
	static const char *const user[][2] = {
		{ "-T", "x.ld" }, { "-Tx.ld", "a.o" },
		{ "--script=x.ld", "a.o" },
		{ "--script", "x.ld" }, { "-dT", "x.ld" },
		{ "--default-script=x.ld", "a.o" },
	};
	static const char *const address[][2] = {
		{ "-Ttext=0x1000", "a.o" }, { "-Ttext", "0x1000" },
		{ "-Ttext-segment=0x1000", "a.o" }, { "--Tbss", "0x1000" },
	};
	struct parsed p;

	(void)state;
	for (size_t i = 0; i < 6; i++) {
		parse(&p, user[i], 2);
		assert_true(p.o.user_script);
		done(&p);
	}
	for (size_t i = 0; i < 4; i++) {
		parse(&p, address[i], 2);
		assert_false(p.o.user_script);
		done(&p);
	}
}

static void test_lw_opts_parse_z(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "-z", "now", "-zseparate-code");
	assert_true(p.o.znow);
	assert_true(p.o.zseparate);
	assert_int_equal(p.o.script_opts.n, 4);
	assert_string_equal(p.o.script_opts.v[3], "separate-code");
	done(&p);
	PARSE(&p, "-znow", "-z", "lazy", "-z", "norelro");
	assert_false(p.o.znow);
	assert_true(p.o.znorelro);
	assert_false(p.o.zseparate);
	done(&p);
	PARSE(&p, "-z", "noseparate-code");
	assert_true(p.o.zseparate);
	done(&p);
	PARSE(&p, "-z", "defs");
	assert_true(p.o.zdefs);
	done(&p);
	PARSE(&p, "--no-undefined", "-z", "undefs");
	assert_false(p.o.zdefs);
	done(&p);
	PARSE(&p, "-zundefs", "-no-undefined");
	assert_true(p.o.zdefs);
	done(&p);
}

static void test_lw_opts_parse_values_are_not_options(void **state)
{
	struct parsed p;

	(void)state;
	PARSE(&p, "-soname", "-shared", "-e", "-static", "--hugetlbfs-align");
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.o.kind, LW_KIND_EXEC);
	assert_false(p.o.is_static);
	assert_int_equal(p.o.rest.n, 4);
	done(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_opts_parse_nothing_of_ours),
		cmocka_unit_test(test_lw_opts_parse_align),
		cmocka_unit_test(test_lw_opts_parse_link_overrides_align),
		cmocka_unit_test(test_lw_opts_parse_page_size),
		cmocka_unit_test(test_lw_opts_parse_runtime),
		cmocka_unit_test(test_lw_opts_parse_version),
		cmocka_unit_test(test_lw_opts_parse_rejects_unknown),
		cmocka_unit_test(test_lw_opts_parse_one_dash),
		cmocka_unit_test(test_lw_opts_parse_double_dash),
		cmocka_unit_test(test_lw_opts_parse_kinds),
		cmocka_unit_test(test_lw_opts_parse_emulation),
		cmocka_unit_test(test_lw_opts_parse_output),
		cmocka_unit_test(test_lw_opts_parse_scripts),
		cmocka_unit_test(test_lw_opts_parse_z),
		cmocka_unit_test(test_lw_opts_parse_values_are_not_options),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

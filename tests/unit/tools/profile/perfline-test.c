/* SPDX-License-Identifier: MIT */
/*
 * pf_parse_line: the lines of perf script's output, with and without
 * call chains, objects and offsets.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "tools/profile/perfline.h"

static enum pf_kind parse(const char *line, struct pf_frame *f)
{
	return pf_parse_line(line, strlen(line), f);
}

static void assert_frame(const struct pf_frame *f, uint64_t ip,
			 const char *sym, const char *dso)
{
	assert_int_equal(f->ip, ip);
	assert_int_equal(f->sym_len, strlen(sym));
	assert_memory_equal(f->sym, sym, f->sym_len);
	if (!dso) {
		assert_null(f->dso);
		return;
	}
	assert_int_equal(f->dso_len, strlen(dso));
	assert_memory_equal(f->dso, dso, f->dso_len);
}

static void test_pf_parse_line_chain_frame_with_offset(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("\t            1133 f1+0x13 (/tmp/a b/prog)\n",
			       &f), PF_FRAME);
	assert_frame(&f, 0x1133, "f1", "/tmp/a b/prog");
}

static void test_pf_parse_line_chain_frame_without_object(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("\t    7fc42f4f2ad7 [unknown]", &f), PF_FRAME);
	assert_frame(&f, 0x7fc42f4f2ad7, "[unknown]", NULL);
}

static void test_pf_parse_line_chain_frame_object_in_parentheses(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("\t  401000 main (/tmp/prog (deleted))", &f),
			 PF_FRAME);
	assert_frame(&f, 0x401000, "main", "/tmp/prog (deleted)");
}

static void test_pf_parse_line_default_header_with_leaf(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("            prog 4242 [001] 12.345:     250000 "
			       "cpu-clock:       1133 f1+0x13 (/tmp/prog)", &f),
			 PF_SAMPLE);
	assert_frame(&f, 0x1133, "f1", "/tmp/prog");
}

static void test_pf_parse_line_ip_sym_dso_fields(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse(" ffffffff8177c8da elf_load ([kernel.kallsyms])",
			       &f), PF_SAMPLE);
	assert_frame(&f, 0xffffffff8177c8daull, "elf_load",
		     "[kernel.kallsyms]");
}

static void test_pf_parse_line_header_alone(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("a 21362 ", &f), PF_HEADER);
	assert_int_equal(parse("prog 4242 [001] 12.345: 250000 cpu-clock:", &f),
			 PF_HEADER);
}

static void test_pf_parse_line_blank(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("\n", &f), PF_BLANK);
	assert_int_equal(parse("", &f), PF_BLANK);
	assert_int_equal(parse(" \t ", &f), PF_BLANK);
}

static void test_pf_parse_line_bad_ip_is_header(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("\tzz12 f1 (/tmp/prog)", &f), PF_HEADER);
	assert_int_equal(parse("\t1133", &f), PF_HEADER);
}

static void test_pf_parse_line_plus_without_hex_stays(void **state)
{
	struct pf_frame f;

	(void)state;
	assert_int_equal(parse("\t10 operator+0xzz (/p)", &f), PF_FRAME);
	assert_frame(&f, 0x10, "operator+0xzz", "/p");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pf_parse_line_chain_frame_with_offset),
		cmocka_unit_test(test_pf_parse_line_chain_frame_without_object),
		cmocka_unit_test(
			test_pf_parse_line_chain_frame_object_in_parentheses),
		cmocka_unit_test(test_pf_parse_line_default_header_with_leaf),
		cmocka_unit_test(test_pf_parse_line_ip_sym_dso_fields),
		cmocka_unit_test(test_pf_parse_line_header_alone),
		cmocka_unit_test(test_pf_parse_line_blank),
		cmocka_unit_test(test_pf_parse_line_bad_ip_is_header),
		cmocka_unit_test(test_pf_parse_line_plus_without_hex_stays),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

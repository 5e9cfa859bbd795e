/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/config.h"
#include "tools/hugectl/opts.h"

/*
 * Parse the NULL-terminated ARGS (after "hugectl") from verbosity 2.
 * O->argv points into argv, which therefore outlives the call.
 */
static int parse(struct ctl_opts *o, char *err, const char **args)
{
	static char *argv[32];
	int argc = 1;

	argv[0] = (char *)"hugectl";
	while (*args)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;
	return ctl_parse(o, argc, argv, 2, err, 200);
}

#define PARSE(o, err, ...) parse(o, err, (const char *[]){ __VA_ARGS__, NULL })

static void test_ctl_parse_segments(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--text", "--data=1G", "--bss=2M",
			       "prog"), 0);
	assert_int_equal(o.action, CTL_RUN);
	assert_int_equal(o.text, HL_PAGE_DEFAULT);
	assert_int_equal(o.data, 1u << 30);
	assert_int_equal(o.bss, 2u << 20);
	assert_string_equal(o.argv[0], "prog");
	assert_null(o.argv[1]);
}

static void test_ctl_parse_rejects_bad_sizes(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--text=3M", "prog"), -1);
	assert_non_null(strstr(err, "--text=3M: not a page size"));
	assert_int_equal(PARSE(&o, err, "--heap=lots", "prog"), -1);
	assert_non_null(strstr(err, "--heap=lots"));
}

static void test_ctl_parse_stops_at_the_program(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--text", "prog", "--data", "-v"), 0);
	assert_int_equal(o.data, 0);
	assert_int_equal(o.verbose, 2);
	assert_string_equal(o.argv[1], "--data");
	assert_int_equal(PARSE(&o, err, "--", "--prog"), 0);
	assert_string_equal(o.argv[0], "--prog");
}

static void test_ctl_parse_needs_a_program_to_run(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--text"), -1);
	assert_string_equal(err, "no program named");
	assert_int_equal(PARSE(&o, err, "--dry-run", "--text"), 0);
	assert_int_equal(o.action, CTL_DRY_RUN);
	assert_null(o.argv);
	assert_int_equal(PARSE(&o, err, "--help", "--dry-run"), 0);
	assert_int_equal(o.action, CTL_HELP);
	assert_int_equal(PARSE(&o, err, "--version"), 0);
	assert_int_equal(o.action, CTL_VERSION);
	assert_int_equal(PARSE(&o, err, "--version", "--dry-run"), 0);
	assert_int_equal(o.action, CTL_VERSION);
	assert_int_equal(PARSE(&o, err, "--version", "--help"), 0);
	assert_int_equal(o.action, CTL_HELP);
}

/* The modes exclude one another in either order; --help and --version
 * win over any one of them; one mode given twice is one mode. */
static void test_ctl_parse_one_mode_at_a_time(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--dry-run", "--prime", "f"), -1);
	assert_string_equal(err, "--dry-run and --prime cannot be used "
			    "together");
	assert_int_equal(PARSE(&o, err, "--share-clean=all", "--dry-run"), -1);
	assert_string_equal(err, "--share-clean and --dry-run cannot be used "
			    "together");
	assert_int_equal(PARSE(&o, err, "--share-list", "--share-clean"), -1);
	assert_non_null(strstr(err, "--share-list and --share-clean"));
	assert_int_equal(PARSE(&o, err, "--dry-run", "--text", "--dry-run"), 0);
	assert_int_equal(o.action, CTL_DRY_RUN);
	assert_int_equal(PARSE(&o, err, "--share-clean", "--share-clean=all"),
			 0);
	assert_int_equal(o.action, CTL_SHARE_CLEAN);
	assert_true(o.clean_all);
	assert_int_equal(PARSE(&o, err, "--prime", "--help"), 0);
	assert_int_equal(o.action, CTL_HELP);
	assert_int_equal(PARSE(&o, err, "--version", "--share-list"), 0);
	assert_int_equal(o.action, CTL_VERSION);
}

/* --share-list and --share-clean name nothing: a word after them is
 * refused, so that what follows it is never passed over unread. */
static void test_ctl_parse_share_modes_take_no_operand(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--share-clean", "x", "--dry-run"),
			 -1);
	assert_string_equal(err, "--share-clean: takes no file or program, "
			    "but x follows the options");
	assert_int_equal(PARSE(&o, err, "--share-list", "--", "x"), -1);
	assert_non_null(strstr(err, "--share-list: takes no file"));
	assert_int_equal(PARSE(&o, err, "--share-clean=all"), 0);
	assert_null(o.argv);
	assert_int_equal(PARSE(&o, err, "--share-list", "--help", "x"), 0);
	assert_int_equal(o.action, CTL_HELP);
}

/* --prime runs no program: options after its files are options, "--"
 * makes every word after it a file, and the files come back in order. */
static void test_ctl_parse_prime_files_among_options(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--prime", "a", "-v", "b",
			       "--verbose", "7", "c"), 0);
	assert_int_equal(o.action, CTL_PRIME);
	assert_int_equal(o.verbose, 7);
	assert_string_equal(o.argv[0], "a");
	assert_string_equal(o.argv[1], "b");
	assert_string_equal(o.argv[2], "c");
	assert_null(o.argv[3]);
	assert_int_equal(PARSE(&o, err, "--prime", "a", "--dry-run"), -1);
	assert_string_equal(err, "--prime and --dry-run cannot be used "
			    "together");
	assert_int_equal(PARSE(&o, err, "--prime", "a", "--bogus"), -1);
	assert_string_equal(err, "--bogus: unknown option");
	assert_int_equal(PARSE(&o, err, "--prime", "a", "-q", "--", "-x",
			       "--dry-run"), 0);
	assert_int_equal(o.verbose, 1);
	assert_string_equal(o.argv[0], "a");
	assert_string_equal(o.argv[1], "-x");
	assert_string_equal(o.argv[2], "--dry-run");
	assert_null(o.argv[3]);
	assert_int_equal(PARSE(&o, err, "--prime", "--", "-x"), 0);
	assert_string_equal(o.argv[0], "-x");
	assert_null(o.argv[1]);
	assert_int_equal(PARSE(&o, err, "--prime", "-v", "--"), -1);
	assert_string_equal(err, "--prime: no file named");
	assert_int_equal(PARSE(&o, err, "--prime", "a", "--help"), 0);
	assert_int_equal(o.action, CTL_HELP);
}

static void test_ctl_parse_verbosity(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "-v", "-v", "prog"), 0);
	assert_int_equal(o.verbose, 4);
	assert_int_equal(PARSE(&o, err, "-qqq", "prog"), 0);
	assert_int_equal(o.verbose, 0);
	assert_int_equal(PARSE(&o, err, "--verbose", "99", "-v", "prog"), 0);
	assert_int_equal(o.verbose, 99);
	assert_int_equal(PARSE(&o, err, "--verbose=100", "prog"), -1);
	assert_non_null(strstr(err, "0 to 99"));
	assert_int_equal(PARSE(&o, err, "--verbose", "x", "prog"), -1);
}

static void test_ctl_parse_preload_and_library(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "prog"), 0);
	assert_int_equal(o.preload, CTL_PRELOAD_AUTO);
	assert_int_equal(o.lib, CTL_LIB_OWN);
	assert_int_equal(PARSE(&o, err, "--force-preload", "--no-preload",
			       "--library-path", "/opt/hl/lib", "prog"), 0);
	assert_int_equal(o.preload, CTL_PRELOAD_NEVER);
	assert_int_equal(o.lib, CTL_LIB_DIR);
	assert_string_equal(o.libdir, "/opt/hl/lib");
	assert_int_equal(PARSE(&o, err, "--library-use-path", "prog"), 0);
	assert_int_equal(o.lib, CTL_LIB_SYSTEM);
	/* A relative directory or prefix, as libhugetlbfs took it. */
	assert_int_equal(PARSE(&o, err, "--library-path", "lib", "prog"), 0);
	assert_string_equal(o.libdir, "lib");
	assert_int_equal(PARSE(&o, err, "--library-path=", "prog"), -1);
	assert_non_null(strstr(err, "expected a directory"));
}

static void test_ctl_parse_heap_and_shm(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--heap", "prog"), 0);
	assert_int_equal(o.heap, CTL_HEAP_DEFAULT);
	assert_int_equal(PARSE(&o, err, "--heap=1G", "prog"), 0);
	assert_int_equal(o.heap, 1u << 30);
	assert_int_equal(PARSE(&o, err, "--heap", "--thp", "prog"), 0);
	assert_int_equal(o.heap, CTL_HEAP_THP);
	assert_int_equal(PARSE(&o, err, "--shm", "prog"), -1);
	assert_non_null(strstr(err, "--shm is not supported"));
}

static void test_ctl_parse_flags(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--disable", "--share-text",
			       "--no-reserve", "prog"), 0);
	assert_true(o.disable);
	assert_true(o.share);
	assert_true(o.no_reserve);
}

static void test_ctl_parse_backing(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "prog"), 0);
	assert_null(o.backing);
	assert_int_equal(PARSE(&o, err, "--backing=thp", "prog"), 0);
	assert_string_equal(o.backing, "thp");
	assert_int_equal(PARSE(&o, err, "--backing", "hugetlb", "prog"), 0);
	assert_string_equal(o.backing, "hugetlb");
	assert_int_equal(PARSE(&o, err, "--backing=huge", "prog"), -1);
	assert_string_equal(
		err, "--backing=huge: expected auto, file, hugetlb or thp");
	assert_int_equal(PARSE(&o, err, "--backing=file", "prog"), 0);
	assert_string_equal(o.backing, "file");
}

static void test_ctl_parse_libs(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "prog"), 0);
	assert_null(o.libs);
	assert_int_equal(PARSE(&o, err, "--libs=libLLVM-14.so.1:libz.so.1",
			       "prog"), 0);
	assert_string_equal(o.libs, "libLLVM-14.so.1:libz.so.1");
	assert_int_equal(PARSE(&o, err, "--libs=", "prog"), -1);
	assert_non_null(strstr(err, "--libs: expected a list"));
}

static void test_ctl_parse_unknown_options(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--bogus", "prog"), -1);
	assert_string_equal(err, "--bogus: unknown option");
	assert_int_equal(PARSE(&o, err, "-x", "prog"), -1);
	assert_string_equal(err, "-x: unknown option");
	assert_int_equal(PARSE(&o, err, "--library-path"), -1);
	assert_string_equal(err, "--library-path: needs an argument");
	assert_int_equal(PARSE(&o, err, "--disable=1", "prog"), -1);
	assert_string_equal(err, "--disable: takes no argument");
	assert_int_equal(PARSE(&o, err, "--dis=1", "prog"), -1);
	assert_string_equal(err, "--disable: takes no argument");
	assert_int_equal(PARSE(&o, err, "--lib", "x", "prog"), -1);
	assert_string_equal(err, "--lib: ambiguous: --libs, --library-path, "
			    "--library-use-path");
}

/* An abbreviation libhugetlbfs's hugectl took keeps its meaning where
 * hugelink's own options would make it ambiguous. */
static void test_ctl_parse_libhugetlbfs_abbreviations(void **state)
{
	struct ctl_opts o;
	char err[200];

	(void)state;
	assert_int_equal(PARSE(&o, err, "--share", "prog"), 0);
	assert_true(o.share);
	assert_int_equal(PARSE(&o, err, "--ver", "3", "--b", "prog"), 0);
	assert_int_equal(o.verbose, 3);
	assert_int_equal(o.bss, HL_PAGE_DEFAULT);
	assert_string_equal(o.argv[0], "prog");
	assert_int_equal(PARSE(&o, err, "--v=0", "--b=2M", "prog"), 0);
	assert_int_equal(o.verbose, 0);
	assert_int_equal(o.bss, 2u << 20);
	assert_int_equal(PARSE(&o, err, "--share=1", "prog"), -1);
	assert_string_equal(err, "--share-text: takes no argument");
	assert_int_equal(PARSE(&o, err, "--ver"), -1);
	assert_string_equal(err, "--verbose: needs an argument");
}

static void test_ctl_usage_lists_every_option(void **state)
{
	static const char *names[] = {
		"--text[=size]", "--data[=size]", "--bss[=size]", "--disable",
		"--share-text", "--backing mode", "--libs list",
		"--heap[=size]",
		"--thp",
		"--shm", "--no-reserve",
		"--no-preload", "--force-preload", "--library-path dir",
		"--library-use-path", "--dry-run", "--verbose level",
		"-v", "-q",
		"-h, --help", "usage: hugectl", "127", "126", "125",
	};
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	program_invocation_short_name = (char *)"hugectl";	/* as run */
	ctl_usage(f);
	fclose(f);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		assert_non_null(strstr(text, names[i]));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctl_parse_segments),
		cmocka_unit_test(test_ctl_parse_rejects_bad_sizes),
		cmocka_unit_test(test_ctl_parse_stops_at_the_program),
		cmocka_unit_test(test_ctl_parse_needs_a_program_to_run),
		cmocka_unit_test(test_ctl_parse_one_mode_at_a_time),
		cmocka_unit_test(test_ctl_parse_prime_files_among_options),
		cmocka_unit_test(test_ctl_parse_share_modes_take_no_operand),
		cmocka_unit_test(test_ctl_parse_verbosity),
		cmocka_unit_test(test_ctl_parse_preload_and_library),
		cmocka_unit_test(test_ctl_parse_heap_and_shm),
		cmocka_unit_test(test_ctl_parse_flags),
		cmocka_unit_test(test_ctl_parse_backing),
		cmocka_unit_test(test_ctl_parse_libs),
		cmocka_unit_test(test_ctl_parse_unknown_options),
		cmocka_unit_test(test_ctl_parse_libhugetlbfs_abbreviations),
		cmocka_unit_test(test_ctl_usage_lists_every_option),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

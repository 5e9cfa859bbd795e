/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker/rsp.h"

/* Check that A holds exactly the N strings WANT. */
static void assert_args(const struct lw_argv *a, const char *const *want,
			size_t n)
{
	assert_int_equal(a->n, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(a->v[i], want[i]);
	assert_null(a->v[n]);
}

static void split_is(const char *text, const char *const *want, size_t n)
{
	struct lw_argv a = { 0 };

	assert_int_equal(lw_rsp_split(text, &a), 0);
	if (n)
		assert_args(&a, want, n);
	else
		assert_int_equal(a.n, 0);
	lw_argv_free(&a);
}

#define SPLIT_IS(text, ...) do { \
	static const char *const want_[] = { __VA_ARGS__ }; \
	split_is(text, want_, sizeof(want_) / sizeof(want_[0])); \
} while (0)

static void test_lw_rsp_split_whitespace(void **state)
{
	(void)state;
	SPLIT_IS("a  b\tc\n d\r\n\v\fe ", "a", "b", "c", "d", "e");
}

static void test_lw_rsp_split_quotes(void **state)
{
	(void)state;
	SPLIT_IS("'a b' \"c d\" e'f g'h \"it's\" 'say \"hi\"'",
		 "a b", "c d", "ef gh", "it's", "say \"hi\"");
}

static void test_lw_rsp_split_backslash(void **state)
{
	(void)state;
	/* A backslash takes the next character literally, in quotes too. */
	SPLIT_IS("a\\ b c\\\\d \\'q \"x\\\"y\" 'p\\'q' z\\\nw",
		 "a b", "c\\d", "'q", "x\"y", "p'q", "z\nw");
}

static void test_lw_rsp_split_empty(void **state)
{
	(void)state;
	split_is("", NULL, 0);
	split_is(" \n\t ", NULL, 0);
	SPLIT_IS("'' \"\"", "", "");
}

static void test_lw_rsp_split_unterminated(void **state)
{
	(void)state;
	SPLIT_IS("\"abc def", "abc def");
	SPLIT_IS("end\\", "end");
}

/* Write TEXT to a fresh file in the current directory named NAME. */
static void put_file(const char *name, const char *text)
{
	FILE *f = fopen(name, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void expand_is(const char *const *in, size_t nin,
		      const char *const *want, size_t n)
{
	struct lw_argv a = { 0 };

	assert_int_equal(lw_argv_pushv(&a, (char *const *)in, nin), 0);
	assert_int_equal(lw_rsp_expand(&a, 0), 0);
	assert_args(&a, want, n);
	lw_argv_free(&a);
}

static void test_lw_rsp_expand_nested(void **state)
{
	static const char *const in[] = { "p", "@rsp-outer", "z" };
	static const char *const want[] = {
		"p", "x", "a", "b c", "--hugetlbfs-align", "y", "z",
	};

	(void)state;
	put_file("rsp-outer", "x @rsp-inner\ny\n");
	put_file("rsp-inner", "a 'b c' --hugetlbfs-align");
	expand_is(in, 3, want, 7);
	unlink("rsp-outer");
	unlink("rsp-inner");
}

static void test_lw_rsp_expand_missing_stays_literal(void **state)
{
	static const char *const in[] = { "@/nonexistent/rsp", "@", "a@b" };

	(void)state;
	expand_is(in, 3, in, 3);
}

static void test_lw_rsp_expand_empty_file(void **state)
{
	static const char *const in[] = { "a", "@rsp-empty", "b" };
	static const char *const want[] = { "a", "b" };

	(void)state;
	put_file("rsp-empty", " \n");
	expand_is(in, 3, want, 2);
	unlink("rsp-empty");
}

static void expand_fails(const char *arg)
{
	struct lw_argv a = { 0 };

	assert_int_equal(lw_argv_push(&a, arg), 0);
	assert_int_equal(lw_rsp_expand(&a, 0), -1);
	lw_argv_free(&a);
}

static void test_lw_rsp_expand_loop_fails(void **state)
{
	(void)state;
	put_file("rsp-loop", "a @rsp-loop");
	expand_fails("@rsp-loop");
	unlink("rsp-loop");
}

static void test_lw_rsp_expand_directory_fails(void **state)
{
	(void)state;
	assert_int_equal(mkdir("rsp-dir", 0700), 0);
	expand_fails("@rsp-dir");
	rmdir("rsp-dir");
}

/* A FIFO would be drained, /dev/zero never ends: both stay literal. */
static void test_lw_rsp_expand_only_regular_files(void **state)
{
	static const char *const in[] = { "@/dev/zero", "@rsp-fifo",
					  "@/dev/null" };

	(void)state;
	assert_int_equal(mkfifo("rsp-fifo", 0600), 0);
	expand_is(in, 3, in, 3);
	unlink("rsp-fifo");
}

/* A sparse file of SIZE bytes (NUL bytes: no arguments) named NAME. */
static void sized_file(const char *name, off_t size)
{
	put_file(name, "");
	assert_int_equal(truncate(name, size), 0);
}

static void test_lw_rsp_expand_too_large_fails(void **state)
{
	static const char *const in[] = { "@rsp-max" };
	static const char *const none[] = { "x" };
	struct lw_argv a = { 0 };

	(void)state;
	sized_file("rsp-max", LW_RSP_MAX_BYTES);
	assert_int_equal(lw_argv_pushv(&a, (char *const *)in, 1), 0);
	assert_int_equal(lw_rsp_expand(&a, 0), 0);
	assert_int_equal(a.n, 0);
	lw_argv_free(&a);
	sized_file("rsp-max", LW_RSP_MAX_BYTES + 1);
	expand_fails("@rsp-max");
	/* The limit holds for all the files together. */
	sized_file("rsp-max", LW_RSP_MAX_BYTES / 2 + 1);
	put_file("rsp-twice", "@rsp-max x @rsp-max");
	expand_fails("@rsp-twice");
	put_file("rsp-twice", "@rsp-max x");
	expand_is((const char *const[]){ "@rsp-twice" }, 1, none, 1);
	unlink("rsp-max");
	unlink("rsp-twice");
}

/* Beyond the limit, what came before the @file is expanded, the rest is
 * as it was, and the @file's index is given. */
static void test_lw_rsp_expand_upto_too_large_stops(void **state)
{
	static const char *const in[] = { "@rsp-small", "@rsp-big", "@y" };
	static const char *const want[] = { "a", "b", "@rsp-big", "@y" };
	struct lw_argv a = { 0 };
	size_t stop = 0;

	(void)state;
	put_file("rsp-small", "a b");
	sized_file("rsp-big", LW_RSP_MAX_BYTES);
	put_file("y", "c");
	assert_int_equal(lw_argv_pushv(&a, (char *const *)in, 3), 0);
	assert_int_equal(lw_rsp_expand_upto(&a, 0, &stop), LW_RSP_TOO_BIG);
	assert_int_equal(stop, 2);
	assert_int_equal(a.n, 4);
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(a.v[i], want[i]);
	lw_argv_free(&a);
	unlink("rsp-small");
	unlink("rsp-big");
	unlink("y");
}

static void test_lw_rsp_write_round_trip(void **state)
{
	static const char *const args[] = {
		"plain", "two words", "it's", "say \"hi\"", "back\\slash",
		"new\nline", "@not-a-file", "\t", "",
	};
	struct lw_argv a = { 0 };
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	assert_int_equal(lw_rsp_write(f, (char *const *)args, 9), 0);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(lw_rsp_split(text, &a), 0);
	assert_args(&a, args, 9);
	lw_argv_free(&a);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_rsp_split_whitespace),
		cmocka_unit_test(test_lw_rsp_split_quotes),
		cmocka_unit_test(test_lw_rsp_split_backslash),
		cmocka_unit_test(test_lw_rsp_split_empty),
		cmocka_unit_test(test_lw_rsp_split_unterminated),
		cmocka_unit_test(test_lw_rsp_expand_nested),
		cmocka_unit_test(test_lw_rsp_expand_missing_stays_literal),
		cmocka_unit_test(test_lw_rsp_expand_empty_file),
		cmocka_unit_test(test_lw_rsp_expand_loop_fails),
		cmocka_unit_test(test_lw_rsp_expand_directory_fails),
		cmocka_unit_test(test_lw_rsp_expand_only_regular_files),
		cmocka_unit_test(test_lw_rsp_expand_too_large_fails),
		cmocka_unit_test(test_lw_rsp_expand_upto_too_large_stops),
		cmocka_unit_test(test_lw_rsp_write_round_trip),
	};
	char dir[] = "/tmp/rsp-test.XXXXXX";
	int rc;

	/* The file tests work in a private directory. */
	if (!mkdtemp(dir) || chdir(dir) != 0)
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	if (chdir("/") == 0)
		rmdir(dir);
	return rc;
}

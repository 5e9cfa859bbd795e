/* SPDX-License-Identifier: MIT */
/*
 * inspect_search_each and inspect_search_expand: the directories glibc's loader
 * tries for a DT_NEEDED name, in its order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "tools/inspect/search.h"

struct seen {
	char text[512];
	size_t used;
	const char *stop;	/* stop at this directory */
};

static int note(const char *dir, enum inspect_search_from from, void *ctx)
{
	static const char *const tag[] = { "rpath", "ld", "runpath" };
	struct seen *s = ctx;

	s->used += (size_t)snprintf(s->text + s->used,
				    sizeof(s->text) - s->used, "%s%s:%s",
				    s->used ? " " : "", tag[from], dir);
	return s->stop && !strcmp(dir, s->stop);
}

static void test_inspect_search_each_rpath_chain(void **state)
{
	/* libb needed by liba, needed by the program: RPATHs up the chain. */
	const struct inspect_search_obj chain[] = {
		{ "/b", NULL, "/lib/b" },
		{ "$ORIGIN/../x:", NULL, "/lib/a" },
		{ "/p1:${ORIGIN}/p2", NULL, "/bin" },
	};
	struct seen s = { .used = 0 };

	(void)state;
	assert_int_equal(inspect_search_each(chain, 3, "/l1::$ORIGIN/l2", note,
					     &s), 0);
	assert_string_equal(s.text, "rpath:/b rpath:/lib/a/../x rpath:/p1 "
			    "rpath:/bin/p2 ld:/l1 ld:/bin/l2");
}

static void test_inspect_search_each_runpath(void **state)
{
	/* A RUNPATH of the needer: no RPATH at all, RUNPATH after the
	 * environment, and nobody else's RUNPATH. */
	const struct inspect_search_obj chain[] = {
		{ "/r", "$ORIGIN/run", "/lib/a" },
		{ "/p", "/prun", "/bin" },
	};
	/* A RUNPATH higher up only hides that object's RPATH. */
	const struct inspect_search_obj up[] = {
		{ NULL, NULL, "/lib/a" },
		{ "/a", "/arun", "/lib" },
		{ "/p", NULL, "/bin" },
	};
	struct seen s = { .used = 0 };

	(void)state;
	assert_int_equal(inspect_search_each(chain, 2, NULL, note, &s), 0);
	assert_string_equal(s.text, "runpath:/lib/a/run");
	s.used = 0;
	assert_int_equal(inspect_search_each(up, 3, "/l", note, &s), 0);
	assert_string_equal(s.text, "rpath:/p ld:/l");
	/* The walk stops where FN says. */
	s.used = 0;
	s.stop = "/p";
	assert_int_equal(inspect_search_each(up, 3, "/l", note, &s), 1);
	assert_string_equal(s.text, "rpath:/p");
}

static void test_inspect_search_expand(void **state)
{
	char out[32];

	(void)state;
	assert_int_equal(inspect_search_expand("$ORIGIN/lib", 11, "/o", out,
					  sizeof(out)), 0);
	assert_string_equal(out, "/o/lib");
	assert_int_equal(inspect_search_expand("${ORIGIN}", 9, "/o", out,
					  sizeof(out)), 0);
	assert_string_equal(out, "/o");
	/* Only as long as LEN says. */
	assert_int_equal(inspect_search_expand("/a:/b", 2, "/o", out,
					  sizeof(out)), 0);
	assert_string_equal(out, "/a");
	assert_int_equal(inspect_search_expand("$LIB/x", 6, "/o", out,
					  sizeof(out)), -1);
	assert_int_equal(inspect_search_expand("${PLATFORM}", 11, "/o", out,
					  sizeof(out)), -1);
	assert_int_equal(inspect_search_expand("$ORIGINAL", 9, "/o", out,
					  sizeof(out)), -1);
	assert_int_equal(inspect_search_expand(
		"$ORIGIN/a-long-directory-name-here", 34, "/o", out, 16), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspect_search_each_rpath_chain),
		cmocka_unit_test(test_inspect_search_each_runpath),
		cmocka_unit_test(test_inspect_search_expand),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

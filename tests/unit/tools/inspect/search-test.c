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

/* No glibc-hwcaps subdirectory: a loader before glibc 2.33. */
static const struct inspect_hwcaps none = { .n = 0 };

struct seen {
	char text[512];
	size_t used;
	const char *stop;	/* stop at this directory */
};

static int note(const char *dir, enum inspect_search_from from, void *ctx)
{
	static const char *const tag[] = {
		"rpath", "ld", "runpath", "default"
	};
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
	assert_int_equal(inspect_search_each(chain, 3, "/l1::$ORIGIN/l2",
					     &none, note, &s), 0);
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
	assert_int_equal(inspect_search_each(chain, 2, NULL, &none, note, &s), 0);
	assert_string_equal(s.text, "runpath:/lib/a/run");
	s.used = 0;
	assert_int_equal(inspect_search_each(up, 3, "/l", &none, note, &s), 0);
	assert_string_equal(s.text, "rpath:/p ld:/l");
	/* The walk stops where FN says. */
	s.used = 0;
	s.stop = "/p";
	assert_int_equal(inspect_search_each(up, 3, "/l", &none, note, &s), 1);
	assert_string_equal(s.text, "rpath:/p");
}

static void test_inspect_search_each_glibc_hwcaps(void **state)
{
	/* Each directory's subdirectories, best first, before it; a
	 * trailing '/' dropped, as the loader drops it. */
	const struct inspect_hwcaps hw = {
		.name = { "x86-64-v3", "x86-64-v2" }, .n = 2
	};
	const struct inspect_search_obj chain[] = {
		{ NULL, "$ORIGIN/lib/", "/bin" },
	};
	struct seen s = { .used = 0 };

	(void)state;
	assert_int_equal(inspect_search_each(chain, 1, "/l", &hw, note, &s),
			 0);
	assert_string_equal(s.text, "ld:/l/glibc-hwcaps/x86-64-v3 "
			    "ld:/l/glibc-hwcaps/x86-64-v2 ld:/l "
			    "runpath:/bin/lib/glibc-hwcaps/x86-64-v3 "
			    "runpath:/bin/lib/glibc-hwcaps/x86-64-v2 "
			    "runpath:/bin/lib");
	/* The best subdirectory that holds it is the one taken. */
	s.used = 0;
	s.stop = "/l/glibc-hwcaps/x86-64-v2";
	assert_int_equal(inspect_search_each(chain, 1, "/l", &hw, note, &s),
			 1);
	assert_string_equal(s.text, "ld:/l/glibc-hwcaps/x86-64-v3 "
			    "ld:/l/glibc-hwcaps/x86-64-v2");
}

static void test_inspect_search_dir(void **state)
{
	const struct inspect_hwcaps hw = { .name = { "z13" }, .n = 1 };
	struct seen s = { .used = 0 };

	(void)state;
	assert_int_equal(inspect_search_dir("/usr/lib", INSPECT_FROM_DEFAULT,
				       &hw, note, &s), 0);
	assert_int_equal(inspect_search_dir("/", INSPECT_FROM_DEFAULT, &hw,
				       note, &s), 0);
	assert_int_equal(inspect_search_dir("/lib", INSPECT_FROM_DEFAULT,
				       &none, note, &s), 0);
	assert_string_equal(s.text, "default:/usr/lib/glibc-hwcaps/z13 "
			    "default:/usr/lib default:/glibc-hwcaps/z13 "
			    "default:/ default:/lib");
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
		cmocka_unit_test(test_inspect_search_each_glibc_hwcaps),
		cmocka_unit_test(test_inspect_search_dir),
		cmocka_unit_test(test_inspect_search_expand),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

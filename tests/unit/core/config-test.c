/* SPDX-License-Identifier: MIT */
/*
 * hl_config_read and hl_config_parse_elfmap: HUGETLB_* values in, one
 * const configuration out; invalid values leave a message and no remap.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/config.h"

/* A fake environment: NULL-terminated NAME, VALUE pairs. */
static const char *fake_getenv(const char *name, void *ctx)
{
	const char **env = ctx;

	for (; env[0]; env += 2)
		if (!strcmp(env[0], name))
			return env[1];
	return NULL;
}

static struct hl_config read_env(const char **env)
{
	struct hl_config cfg;

	hl_config_read(&cfg, fake_getenv, env, false, "prog");
	return cfg;
}

static void test_hl_config_read_defaults(void **state)
{
	const char *env[] = { NULL };
	struct hl_config cfg = read_env(env);

	(void)state;
	assert_int_equal(cfg.elfmap, HL_ELFMAP_UNSET);
	assert_true(cfg.minimal_copy);
	assert_false(cfg.force);
	assert_false(cfg.share);
	assert_int_equal(cfg.verbose, HL_V_WARN);
	assert_int_equal(cfg.backing, HL_BACKING_AUTO);
	assert_false(cfg.perf_map);
	assert_string_equal(cfg.error, "");
	assert_string_equal(cfg.note, "");
}

/* HUGETLB_ELFMAP=R alone reads as the configuration known without a
 * read, byte for byte; any other variable beside it makes a difference. */
static void test_hl_config_r_alone(void **state)
{
	const char *alone[] = { "HUGETLB_ELFMAP", "R", NULL };
	const char *verbose[] = { "HUGETLB_ELFMAP", "R", "HUGETLB_VERBOSE",
				  "3", NULL };
	struct hl_config cfg;

	(void)state;
	memset(&cfg, 0x55, sizeof(cfg));
	hl_config_read(&cfg, fake_getenv, alone, false, "prog");
	assert_memory_equal(&cfg, &hl_config_r_alone, sizeof(cfg));
	cfg = read_env(verbose);
	assert_memory_not_equal(&cfg, &hl_config_r_alone, sizeof(cfg));
}

/* Whatever else is set, only these two can ask for a remap. */
static void test_hl_config_may_ask(void **state)
{
	const char *none[] = { "HUGETLB_VERBOSE", "4", "HUGETLB_SHARE", "1",
			       "HUGELINK_BACKING", "thp", NULL };
	const char *elfmap[] = { "HUGETLB_ELFMAP", "no", NULL };
	const char *force[] = { "HUGETLB_FORCE_ELFMAP", "yes", NULL };
	struct hl_config cfg = read_env(none);

	(void)state;
	assert_false(hl_config_may_ask(fake_getenv, none));
	assert_int_equal(cfg.elfmap, HL_ELFMAP_UNSET);
	assert_true(hl_config_may_ask(fake_getenv, elfmap));
	assert_true(hl_config_may_ask(fake_getenv, force));
	cfg = read_env(force);
	assert_int_equal(cfg.elfmap, HL_ELFMAP_SET);
}

static void test_hl_config_is_hugetlb_var(void **state)
{
	(void)state;
	assert_true(hl_config_is_hugetlb_var("HUGETLB_ELFMAP=RW"));
	assert_true(hl_config_is_hugetlb_var("HUGETLB_"));
	assert_false(hl_config_is_hugetlb_var("HUGETLB"));
	assert_false(hl_config_is_hugetlb_var("HUGETLBX=1"));
	assert_false(hl_config_is_hugetlb_var("hugetlb_elfmap=RW"));
	assert_false(hl_config_is_hugetlb_var("HUGELINK_BACKING=thp"));
	assert_false(hl_config_is_hugetlb_var("PATH=/bin"));
	assert_false(hl_config_is_hugetlb_var(""));
}

static void test_hl_config_read_perf_map(void **state)
{
	const char *on[] = { "HUGELINK_PERF_MAP", "1", NULL };
	const char *off[] = { "HUGELINK_PERF_MAP", "0", NULL };

	(void)state;
	assert_true(read_env(on).perf_map);
	assert_false(read_env(off).perf_map);
	assert_string_equal(read_env(off).error, "");
}

static void test_hl_config_read_prime(void **state)
{
	const char *on[] = { "HUGELINK_PRIME", "1", NULL };
	const char *off[] = { "HUGELINK_PRIME", "0", NULL };
	const char *bad[] = { "HUGELINK_PRIME", "yes", NULL };
	struct hl_config cfg = read_env(bad);

	(void)state;
	assert_true(read_env(on).prime);
	assert_false(read_env(off).prime);
	assert_string_equal(read_env(off).note, "");
	assert_false(cfg.prime);
	assert_non_null(strstr(cfg.note, "HUGELINK_PRIME"));
}

static void test_hl_config_read_ctl_pid(void **state)
{
	const char *set[] = { "HUGELINK_CTL_PID", "4242", NULL };
	const char *bad[] = { "HUGELINK_CTL_PID", "-3", NULL };
	const char *big[] = { "HUGELINK_CTL_PID", "99999999999", NULL };
	struct hl_config cfg = read_env(bad);

	(void)state;
	assert_int_equal(read_env(set).ctl_pid, 4242);
	assert_string_equal(read_env(set).note, "");
	assert_int_equal(cfg.ctl_pid, 0);
	assert_non_null(strstr(cfg.note, "HUGELINK_CTL_PID"));
	assert_int_equal(read_env(big).ctl_pid, 0);
	/* What the runtime makes of it is the verbosity's, not the plan's. */
	assert_int_equal(read_env(set).verbose, HL_V_WARN);
}

static void test_hl_config_read_libs(void **state)
{
	const char *env[] = { "HUGELINK_LIBS", "libLLVM-14.so.1,/opt/x/libz.so",
			      NULL };
	struct hl_config cfg = read_env(env);
	char big[HL_CFG_LIBS_MAX + 8];
	const char *toolong[] = { "HUGELINK_LIBS", big, NULL };

	(void)state;
	assert_string_equal(cfg.libs, "libLLVM-14.so.1,/opt/x/libz.so");
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	cfg = read_env(toolong);
	assert_string_equal(cfg.libs, "");
	assert_non_null(strstr(cfg.note, "HUGELINK_LIBS"));
}

static void test_hl_config_read_text(void **state)
{
	const char *hot[] = { "HUGELINK_TEXT", "hot",
			      "HUGELINK_TEXT_BUDGET", "12", NULL };
	const char *bad[] = { "HUGELINK_TEXT", "warm",
			      "HUGELINK_TEXT_BUDGET", "3x", NULL };
	const char *zero[] = { "HUGELINK_TEXT_BUDGET", "0", NULL };
	struct hl_config cfg;

	(void)state;
	cfg = read_env(hot);
	assert_int_equal(cfg.text, HL_TEXT_HOT);
	assert_int_equal(cfg.text_budget, 12);
	assert_string_equal(cfg.note, "");
	cfg = read_env(bad);
	assert_int_equal(cfg.text, HL_TEXT_ALL);
	assert_int_equal(cfg.text_budget, 0);
	assert_string_equal(cfg.error, "");
	assert_non_null(strstr(cfg.note, "HUGELINK_TEXT"));
	cfg = read_env(zero);
	assert_int_equal(cfg.text_budget, 0);
	assert_non_null(strstr(cfg.note, "HUGELINK_TEXT_BUDGET"));
}

static void test_hl_config_read_min_fill(void **state)
{
	const char *zero[] = { "HUGELINK_MIN_FILL", "0", NULL };
	const char *all[] = { "HUGELINK_MIN_FILL", "100", NULL };
	const char *over[] = { "HUGELINK_MIN_FILL", "101", NULL };
	const char *percent[] = { "HUGELINK_MIN_FILL", "25%", NULL };
	const char *none[] = { NULL };
	struct hl_config cfg;

	(void)state;
	cfg = read_env(none);
	assert_false(cfg.min_fill_set);
	cfg = read_env(zero);
	assert_true(cfg.min_fill_set);
	assert_int_equal(cfg.min_fill, 0);
	assert_string_equal(cfg.note, "");
	cfg = read_env(all);
	assert_int_equal(cfg.min_fill, 100);
	cfg = read_env(over);
	assert_false(cfg.min_fill_set);
	assert_non_null(strstr(cfg.note, "HUGELINK_MIN_FILL"));
	cfg = read_env(percent);
	assert_false(cfg.min_fill_set);
	assert_string_equal(cfg.error, "");
}

static void test_hl_libs_match(void **state)
{
	const char *list = "libLLVM-14.so.1::libz.so.1,/opt/lib/libfoo.so";

	(void)state;
	assert_int_equal(hl_libs_match(list, "libLLVM-14.so.1", NULL, NULL),
			 HL_LIBS_BY_NAME);
	/* By soname, whatever the file is called. */
	assert_int_equal(hl_libs_match(list, "libz.so.1.2.13", "libz.so.1",
				       NULL),
			 HL_LIBS_BY_NAME);
	assert_int_equal(hl_libs_match(list, "libz.so.1.2.13", "libz.so", NULL),
			 HL_LIBS_NOT);
	/* A path names that path only. */
	assert_int_equal(hl_libs_match(list, "libfoo.so", NULL,
				       "/opt/lib/libfoo.so"), HL_LIBS_BY_NAME);
	assert_int_equal(hl_libs_match(list, "libfoo.so", NULL,
				       "/usr/lib/libfoo.so"), HL_LIBS_NOT);
	assert_int_equal(hl_libs_match(list, "libLLVM-14", NULL, NULL),
			 HL_LIBS_NOT);
	/* An empty entry names nothing, not the library with no soname. */
	assert_int_equal(hl_libs_match(list, "libc.so.6", "", "/lib/libc.so.6"),
			 HL_LIBS_NOT);
	assert_int_equal(hl_libs_match("", "libc.so.6", "libc.so.6", NULL),
			 HL_LIBS_NOT);
	/* "all" names every library; a name still names it by name. */
	assert_int_equal(hl_libs_match("libx.so:all", "libc.so.6", NULL, NULL),
			 HL_LIBS_BY_ALL);
	assert_int_equal(hl_libs_match("all:libc.so.6", "libc.so.6", NULL,
				       NULL),
			 HL_LIBS_BY_NAME);
	assert_int_equal(hl_libs_match("allx", "libc.so.6", NULL, NULL),
			 HL_LIBS_NOT);
}

/* Each mode's name parses back to the mode: the tools print the name. */
static void test_hl_config_backing_name_round_trip(void **state)
{
	static const enum hl_backing_mode modes[] = {
		HL_BACKING_AUTO, HL_BACKING_HUGETLB, HL_BACKING_THP,
		HL_BACKING_FILE,
	};

	(void)state;
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		enum hl_backing_mode back = HL_BACKING_AUTO;

		assert_int_equal(hl_config_parse_backing(
				hl_config_backing_name(modes[i]), &back), 0);
		assert_int_equal(back, modes[i]);
	}
	assert_string_equal(hl_config_backing_name(HL_BACKING_FILE), "file");
}

static void test_hl_config_read_own_variables_bad_ignored(void **state)
{
	static const struct {
		const char *value;
		enum hl_backing_mode mode;
	} ok[] = {
		{ "auto", HL_BACKING_AUTO },
		{ "hugetlb", HL_BACKING_HUGETLB },
		{ "thp", HL_BACKING_THP },
		{ "file", HL_BACKING_FILE },
	};
	static const char *bad[] = { "THP", "anon", "" };
	static const char *bad_map[] = { "yes", "", "2" };

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		const char *env[] = { "HUGELINK_BACKING", ok[i].value, NULL };
		struct hl_config cfg = read_env(env);

		assert_string_equal(cfg.error, "");
		assert_int_equal(cfg.backing, ok[i].mode);
	}
	/* A bad value is ignored with a note; the rest applies. */
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *env[] = { "HUGELINK_BACKING", bad[i],
				      "HUGETLB_ELFMAP", "RW", NULL };
		struct hl_config cfg = read_env(env);

		assert_string_equal(cfg.error, "");
		assert_non_null(strstr(cfg.note, "HUGELINK_BACKING"));
		assert_int_equal(cfg.backing, HL_BACKING_AUTO);
		assert_int_equal(cfg.elfmap, HL_ELFMAP_SET);
	}
	for (size_t i = 0; i < sizeof(bad_map) / sizeof(bad_map[0]); i++) {
		const char *env[] = { "HUGELINK_PERF_MAP", bad_map[i], NULL };
		struct hl_config cfg = read_env(env);

		assert_string_equal(cfg.error, "");
		assert_non_null(strstr(cfg.note, "HUGELINK_PERF_MAP"));
		assert_false(cfg.perf_map);
	}
}

static void test_hl_config_parse_elfmap_forms(void **state)
{
	static const struct {
		const char *value;
		size_t r, w;
	} ok[] = {
		{ "R", HL_PAGE_DEFAULT, 0 },
		{ "W", 0, HL_PAGE_DEFAULT },
		{ "RW", HL_PAGE_DEFAULT, HL_PAGE_DEFAULT },
		{ "rw", HL_PAGE_DEFAULT, HL_PAGE_DEFAULT },
		{ "R:W", HL_PAGE_DEFAULT, HL_PAGE_DEFAULT },
		{ "WR", HL_PAGE_DEFAULT, HL_PAGE_DEFAULT },
		{ "R=2M:W=1G", 2u << 20, 1u << 30 },
		{ "W=16M", 0, 16u << 20 },
		{ "R=2M", 2u << 20, 0 },
		{ "RW=1G", HL_PAGE_DEFAULT, 1u << 30 },
	};
	struct hl_config cfg;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(hl_config_parse_elfmap(&cfg, ok[i].value), 0);
		assert_int_equal(cfg.elfmap, HL_ELFMAP_SET);
		assert_int_equal(cfg.r_page, ok[i].r);
		assert_int_equal(cfg.w_page, ok[i].w);
	}
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(hl_config_parse_elfmap(&cfg, "No"), 0);
	assert_int_equal(cfg.elfmap, HL_ELFMAP_NO);
}

/* cap=SIZE caps the classes of the item before it, and only those. */
static void test_hl_config_parse_elfmap_caps(void **state)
{
	static const struct {
		const char *value;
		size_t r_cap, w_cap;
		bool noted;
	} cases[] = {
		{ "R:cap=32M", 32u << 20, 0, false },
		{ "RW:CAP=48M", 48u << 20, 48u << 20, false },
		{ "R=2M:cap=64M:W", 64u << 20, 0, false },
		{ "R:W:cap=8M", 0, 8u << 20, false },
		{ "cap=8M:R", 0, 0, true },
		{ "R:cap=lots", 0, 0, true },
		{ "R:cap=", 0, 0, true },
		{ "Rcap=8M", 0, 0, true },
	};
	struct hl_config cfg;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(hl_config_parse_elfmap(&cfg, cases[i].value),
				 0);
		assert_int_equal(cfg.elfmap, HL_ELFMAP_SET);
		assert_int_equal(cfg.r_cap, cases[i].r_cap);
		assert_int_equal(cfg.w_cap, cases[i].w_cap);
		assert_int_equal(cfg.note[0] != '\0', cases[i].noted);
	}
}

/* Only a class given two page sizes is an error: no remap at all. */
static void test_hl_config_parse_elfmap_contradictions(void **state)
{
	static const char *bad[] = {
		"R=2M:R=1G", "r=2M:W:R=1G", "W=2M:w=1G",
	};
	struct hl_config cfg;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(hl_config_parse_elfmap(&cfg, bad[i]), -1);
		assert_non_null(strstr(cfg.error, "HUGETLB_ELFMAP"));
	}
}

/*
 * What libhugetlbfs accepted is read as it read it: the classes named
 * anywhere, the rest ignored with a note; a value naming no class, or
 * only with sizes that are none, leaves the flags to decide.
 */
static void test_hl_config_parse_elfmap_as_libhugetlbfs(void **state)
{
	static const struct {
		const char *value;
		enum hl_elfmap elfmap;
		size_t r, w;
		bool noted;
	} cases[] = {
		{ "yes", HL_ELFMAP_UNSET, 0, 0, true },
		{ "X", HL_ELFMAP_UNSET, 0, 0, true },
		{ "1", HL_ELFMAP_UNSET, 0, 0, true },
		{ "R=", HL_ELFMAP_UNSET, 0, 0, true },
		{ "R=3M", HL_ELFMAP_UNSET, 0, 0, true },
		{ "R=123456789012345678901234567890123M", HL_ELFMAP_UNSET,
		  0, 0, true },
		{ "R=3M:W", HL_ELFMAP_SET, 0, HL_PAGE_DEFAULT, true },
		{ "RWX", HL_ELFMAP_SET, HL_PAGE_DEFAULT, HL_PAGE_DEFAULT,
		  true },
		{ "R=2M:X", HL_ELFMAP_SET, 2u << 20, 0, true },
		{ "R=2M:", HL_ELFMAP_SET, 2u << 20, 0, false },
		{ "RR", HL_ELFMAP_SET, HL_PAGE_DEFAULT, 0, false },
		{ "R:R=2M", HL_ELFMAP_SET, 2u << 20, 0, false },
		{ "R=2M:R=2M", HL_ELFMAP_SET, 2u << 20, 0, false },
		{ ":R", HL_ELFMAP_SET, HL_PAGE_DEFAULT, 0, false },
		{ "R::W", HL_ELFMAP_SET, HL_PAGE_DEFAULT, HL_PAGE_DEFAULT,
		  false },
		{ "NO", HL_ELFMAP_NO, 0, 0, false },
		{ "", HL_ELFMAP_UNSET, 0, 0, false },
		/* A size ends where its number and unit do. */
		{ "R=2M,W", HL_ELFMAP_SET, 2u << 20, HL_PAGE_DEFAULT, true },
		{ "W=2M R", HL_ELFMAP_SET, HL_PAGE_DEFAULT, 2u << 20, true },
		{ "R=2MiB", HL_ELFMAP_SET, 2u << 20, 0, true },
		{ "R=2MB:W", HL_ELFMAP_SET, 2u << 20, HL_PAGE_DEFAULT, false },
		{ "R=wide", HL_ELFMAP_UNSET, 0, 0, true },
	};
	struct hl_config cfg;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(hl_config_parse_elfmap(&cfg, cases[i].value),
				 0);
		assert_string_equal(cfg.error, "");
		assert_int_equal(cfg.elfmap, cases[i].elfmap);
		assert_int_equal(cfg.r_page, cases[i].r);
		assert_int_equal(cfg.w_page, cases[i].w);
		assert_int_equal(cfg.note[0] != '\0', cases[i].noted);
		if (cases[i].noted)
			assert_non_null(strstr(cfg.note, "HUGETLB_ELFMAP"));
		/* A size that is no page size: the sizes the machine has
		 * are added where the note is printed. */
		assert_int_equal(cfg.note_size,
				 strstr(cases[i].value, "=3M") ||
				 !strcmp(cases[i].value, "R=") ||
				 !strcmp(cases[i].value, "R=wide"));
	}
}

/*
 * A value libhugetlbfs accepted, or one hugelink does not read, never
 * stops the remap: HUGETLB_ELFMAP=RW still applies, with at most one
 * note, and the value is read as libhugetlbfs read it.
 */
static void test_hl_config_read_old_values_keep_the_remap(void **state)
{
	static const struct {
		const char *name, *value;
		bool noted;
	} cases[] = {
		{ "HUGETLB_NO_RESERVE", "yes", false },
		{ "HUGETLB_NO_RESERVE", "1", false },
		{ "HUGETLB_NO_RESERVE", "whatever", false },
		{ "HUGETLB_FORCE_ELFMAP", "1", false },
		{ "HUGETLB_FORCE_ELFMAP", "yes", false },
		{ "HUGETLB_FORCE_ELFMAP", "maybe", true },
		{ "HUGETLB_MINIMAL_COPY", "1", false },
		{ "HUGETLB_MINIMAL_COPY", "maybe", true },
		{ "HUGETLB_MINIMAL_COPY", "OFF", false },
		{ "HUGETLB_MINIMAL_COPY", "True", false },
		{ "HUGETLB_MINIMAL_COPY", "of", true },
		{ "HUGETLB_MINIMAL_COPY", "offf", true },
		{ "HUGETLB_MINIMAL_COPY", "", true },
		{ "HUGETLB_MINIMAL_COPY", "n[", true },
		{ "HUGETLB_SHARE", "2", true },
		{ "HUGETLB_SHARE", "x", true },
		{ "HUGETLB_VERBOSE", "two", true },
		{ "HUGETLB_VERBOSE", "100", false },
		{ "HUGETLB_DEFAULT_PAGE_SIZE", "3M", true },
		{ "HUGETLB_PATH", "relative/dir", true },
		{ "HUGETLB_SHARE_PATH", "/a:/b", true },
		{ "HUGETLB_MORECORE", "yes", false },
		{ "HUGETLB_SHM", "yes", false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *env[] = { "HUGETLB_ELFMAP", "RW", cases[i].name,
				      cases[i].value, NULL };
		struct hl_config cfg = read_env(env);

		assert_string_equal(cfg.error, "");
		assert_int_equal(cfg.elfmap, HL_ELFMAP_SET);
		assert_int_equal(cfg.r_page, HL_PAGE_DEFAULT);
		assert_int_equal(cfg.w_page, HL_PAGE_DEFAULT);
		assert_int_equal(cfg.note[0] != '\0', cases[i].noted);
		if (cases[i].noted)
			assert_non_null(strstr(cfg.note, cases[i].name));
	}
}

/* What each lenient reading gives. */
static void test_hl_config_read_lenient_values(void **state)
{
	const char *force1[] = { "HUGETLB_FORCE_ELFMAP", "true", NULL };
	const char *force_maybe[] = { "HUGETLB_FORCE_ELFMAP", "maybe", NULL };
	const char *copy0[] = { "HUGETLB_MINIMAL_COPY", "0", NULL };
	const char *copy_x[] = { "HUGETLB_MINIMAL_COPY", "x", NULL };
	const char *share2[] = { "HUGETLB_SHARE", "2", NULL };
	const char *share1x[] = { "HUGETLB_SHARE", "1x", NULL };
	const char *verbose[] = { "HUGETLB_VERBOSE", "-1", NULL };
	const char *page[] = { "HUGETLB_DEFAULT_PAGE_SIZE", "3M", NULL };
	const char *two[] = { "HUGETLB_VERBOSE", "two", "HUGETLB_SHARE", "2",
			      NULL };

	(void)state;
	assert_true(read_env(force1).force);
	assert_false(read_env(force_maybe).force);
	assert_int_equal(read_env(force_maybe).elfmap, HL_ELFMAP_UNSET);
	assert_false(read_env(copy0).minimal_copy);
	assert_true(read_env(copy_x).minimal_copy);
	assert_false(read_env(share2).share);
	assert_true(read_env(share1x).share);
	assert_int_equal(read_env(verbose).verbose, HL_V_WARN);
	assert_int_equal(read_env(page).default_page, 0);
	assert_true(read_env(page).note_size);
	assert_false(read_env(share2).note_size);
	/* One note: the first. */
	assert_non_null(strstr(read_env(two).note, "HUGETLB_VERBOSE"));
	assert_null(strstr(read_env(two).note, "HUGETLB_SHARE"));
}

static void test_hl_config_read_values(void **state)
{
	const char *env[] = {
		"HUGETLB_ELFMAP", "R=2M:W=1G", "HUGETLB_MINIMAL_COPY", "no",
		"HUGETLB_SHARE", "1", "HUGETLB_VERBOSE", "0",
		"HUGETLB_DEFAULT_PAGE_SIZE", "1G", "HUGETLB_PATH", "/a:/b",
		"HUGETLB_SHARE_PATH", "/s", "HUGETLB_NO_RESERVE", "yes", NULL,
	};
	struct hl_config cfg = read_env(env);

	(void)state;
	assert_string_equal(cfg.error, "");
	assert_int_equal(cfg.r_page, 2u << 20);
	assert_int_equal(cfg.w_page, 1u << 30);
	assert_false(cfg.minimal_copy);
	assert_true(cfg.share);
	assert_int_equal(cfg.verbose, 0);
	assert_int_equal(cfg.default_page, 1u << 30);
	assert_string_equal(cfg.path, "/a:/b");
	assert_string_equal(cfg.share_path, "/s");
}

/* THP is private to each process: sharing does not apply, with a note. */
static void test_hl_config_read_share_with_thp_backing(void **state)
{
	const char *thp[] = { "HUGETLB_SHARE", "1", "HUGELINK_BACKING", "thp",
			      NULL };
	const char *hugetlb[] = { "HUGETLB_SHARE", "1", "HUGELINK_BACKING",
				  "hugetlb", NULL };
	struct hl_config cfg = read_env(thp);

	(void)state;
	assert_false(cfg.share);
	assert_int_equal(cfg.backing, HL_BACKING_THP);
	assert_string_equal(cfg.error, "");
	assert_non_null(strstr(cfg.note, "HUGETLB_SHARE=\"1\": does not apply "
			       "with HUGELINK_BACKING=thp"));
	cfg = read_env(hugetlb);
	assert_true(cfg.share);
	assert_string_equal(cfg.note, "");
}

static void test_hl_config_read_debug_raises_verbosity(void **state)
{
	const char *env[] = { "HUGETLB_DEBUG", "", "HUGETLB_VERBOSE", "1",
			      NULL };
	struct hl_config cfg = read_env(env);

	(void)state;
	assert_int_equal(cfg.verbose, HL_V_DEBUG);
}

static void test_hl_config_read_force_alone_means_rw(void **state)
{
	const char *env[] = { "HUGETLB_FORCE_ELFMAP", "YES", NULL };
	struct hl_config cfg = read_env(env);

	(void)state;
	assert_true(cfg.force);
	assert_int_equal(cfg.elfmap, HL_ELFMAP_SET);
	assert_int_equal(cfg.r_page, HL_PAGE_DEFAULT);
	assert_int_equal(cfg.w_page, HL_PAGE_DEFAULT);
}

static void test_hl_config_read_restrict_exe(void **state)
{
	const char *env[] = { "HUGETLB_RESTRICT_EXE", "other:prog2",
			      "HUGETLB_ELFMAP", "RW", NULL };
	const char *env2[] = { "HUGETLB_RESTRICT_EXE", "other:prog",
			       "HUGETLB_ELFMAP", "RW", NULL };
	struct hl_config cfg = read_env(env);

	(void)state;
	assert_true(cfg.restricted);
	cfg = read_env(env2);
	assert_false(cfg.restricted);
	assert_int_equal(cfg.elfmap, HL_ELFMAP_SET);
}

static const char *must_not_be_called(const char *name, void *ctx)
{
	(void)name;
	(void)ctx;
	fail_msg("the environment was read under AT_SECURE");
	return NULL;
}

static void test_hl_config_read_secure_ignores_environment(void **state)
{
	struct hl_config cfg;

	(void)state;
	hl_config_read(&cfg, must_not_be_called, NULL, true, "prog");
	assert_true(cfg.secure);
	assert_int_equal(cfg.elfmap, HL_ELFMAP_UNSET);
	assert_false(cfg.share);
	assert_false(cfg.perf_map);
	assert_string_equal(cfg.path, "");
}

static void test_hl_config_read_secure_warns_nothing(void **state)
{
	struct hl_config cfg;

	(void)state;
	hl_config_read(&cfg, must_not_be_called, NULL, true, "prog");
	assert_int_equal(cfg.verbose, HL_V_ERROR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_config_backing_name_round_trip),
		cmocka_unit_test(test_hl_config_read_text),
		cmocka_unit_test(test_hl_config_read_min_fill),
		cmocka_unit_test(test_hl_config_read_defaults),
		cmocka_unit_test(test_hl_config_r_alone),
		cmocka_unit_test(test_hl_config_may_ask),
		cmocka_unit_test(test_hl_config_is_hugetlb_var),
		cmocka_unit_test(test_hl_config_read_perf_map),
		cmocka_unit_test(test_hl_config_read_prime),
		cmocka_unit_test(test_hl_config_read_ctl_pid),
		cmocka_unit_test(test_hl_config_read_libs),
		cmocka_unit_test(test_hl_libs_match),
		cmocka_unit_test(test_hl_config_read_own_variables_bad_ignored),
		cmocka_unit_test(test_hl_config_parse_elfmap_forms),
		cmocka_unit_test(test_hl_config_parse_elfmap_caps),
		cmocka_unit_test(test_hl_config_parse_elfmap_contradictions),
		cmocka_unit_test(test_hl_config_parse_elfmap_as_libhugetlbfs),
		cmocka_unit_test(test_hl_config_read_old_values_keep_the_remap),
		cmocka_unit_test(test_hl_config_read_lenient_values),
		cmocka_unit_test(test_hl_config_read_values),
		cmocka_unit_test(test_hl_config_read_share_with_thp_backing),
		cmocka_unit_test(test_hl_config_read_debug_raises_verbosity),
		cmocka_unit_test(test_hl_config_read_force_alone_means_rw),
		cmocka_unit_test(test_hl_config_read_restrict_exe),
		cmocka_unit_test(
			test_hl_config_read_secure_ignores_environment),
		cmocka_unit_test(test_hl_config_read_secure_warns_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

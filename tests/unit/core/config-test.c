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

static void test_hl_config_read_backing(void **state)
{
	static const struct {
		const char *value;
		enum hl_backing_mode mode;
	} ok[] = {
		{ "auto", HL_BACKING_AUTO },
		{ "hugetlb", HL_BACKING_HUGETLB },
		{ "thp", HL_BACKING_THP },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		const char *env[] = { "HUGELINK_BACKING", ok[i].value, NULL };
		struct hl_config cfg = read_env(env);

		assert_string_equal(cfg.error, "");
		assert_int_equal(cfg.backing, ok[i].mode);
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

static void test_hl_config_parse_elfmap_invalid(void **state)
{
	static const char *bad[] = {
		"yes", "X", "R=", "R=3M", "R=2M:", "RR", "R:R", "R=2M:X",
		"R=123456789012345678901234567890123M", ":R", "R::W",
	};
	struct hl_config cfg;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(hl_config_parse_elfmap(&cfg, bad[i]), -1);
		assert_non_null(strstr(cfg.error, "HUGETLB_ELFMAP"));
	}
}

static void test_hl_config_read_invalid_values(void **state)
{
	static const char *cases[][2] = {
		{ "HUGETLB_ELFMAP", "RWX" },
		{ "HUGETLB_FORCE_ELFMAP", "maybe" },
		{ "HUGETLB_MINIMAL_COPY", "1" },
		{ "HUGETLB_SHARE", "2" },
		{ "HUGETLB_SHARE", "x" },
		{ "HUGETLB_VERBOSE", "100" },
		{ "HUGETLB_VERBOSE", "two" },
		{ "HUGETLB_DEFAULT_PAGE_SIZE", "3M" },
		{ "HUGETLB_PATH", "relative/dir" },
		{ "HUGETLB_SHARE_PATH", "/a:/b" },
		{ "HUGELINK_BACKING", "THP" },
		{ "HUGELINK_BACKING", "anon" },
		{ "HUGELINK_BACKING", "" },
		{ "HUGELINK_PERF_MAP", "yes" },
		{ "HUGELINK_PERF_MAP", "" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *env[] = { cases[i][0], cases[i][1], NULL };
		struct hl_config cfg = read_env(env);

		assert_non_null(strstr(cfg.error, cases[i][0]));
	}
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

static void test_hl_config_read_debug_raises_verbosity(void **state)
{
	const char *env[] = { "HUGETLB_DEBUG", "", "HUGETLB_VERBOSE", "1", NULL };
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_config_read_defaults),
		cmocka_unit_test(test_hl_config_read_perf_map),
		cmocka_unit_test(test_hl_config_read_backing),
		cmocka_unit_test(test_hl_config_parse_elfmap_forms),
		cmocka_unit_test(test_hl_config_parse_elfmap_invalid),
		cmocka_unit_test(test_hl_config_read_invalid_values),
		cmocka_unit_test(test_hl_config_read_values),
		cmocka_unit_test(test_hl_config_read_debug_raises_verbosity),
		cmocka_unit_test(test_hl_config_read_force_alone_means_rw),
		cmocka_unit_test(test_hl_config_read_restrict_exe),
		cmocka_unit_test(test_hl_config_read_secure_ignores_environment),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

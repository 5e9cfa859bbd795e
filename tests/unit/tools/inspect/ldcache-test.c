/* SPDX-License-Identifier: MIT */
/*
 * inspect_ldcache_find: a library's path from the bytes of /etc/ld.so.cache,
 * laid out here as glibc 2.36's ldconfig writes them, with and without
 * the glibc-hwcaps extension.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <elf.h>
#include <string.h>

#include "tools/inspect/ldcache.h"

struct entry {
	int32_t flags;
	uint32_t key, value, osversion;
	uint64_t hwcap;
};

/* A cache of N entries after PRE bytes of old format (0: none). */
static size_t make(unsigned char *buf, size_t pre, const struct entry *e,
		   size_t n, const char *strings, size_t slen)
{
	uint32_t count = (uint32_t)n;
	size_t at = pre;

	memset(buf, 0, 4096);
	if (pre) {
		uint32_t none = 0;

		memcpy(buf, "ld.so-1.7.0", 11);
		memcpy(buf + 12, &none, 4);
	}
	memcpy(buf + at, "glibc-ld.so.cache1.1", 20);
	memcpy(buf + at + 20, &count, 4);
	memcpy(buf + at + 48, e, n * sizeof(*e));
	memcpy(buf + at + 48 + n * sizeof(*e), strings, slen);
	return at + 48 + n * sizeof(*e) + slen;
}

static const char strings[] = "libz.so.1\0/lib/x86_64-linux-gnu/libz.so.1\0"
	"/lib/x86_64-linux-gnu/glibc-hwcaps/x86-64-v3/libz.so.1\0"
	"/lib/i386-linux-gnu/libz.so.1";
#define S(off) (uint32_t)(48 + 4 * 24 + (off))

static const struct entry entries[] = {
	{ 0x0303, S(0), S(42), 0, 1ull << 62 },	/* glibc-hwcaps: passed */
	{ 0x0003, S(0), S(97), 0, 0 },			/* i386 */
	{ 0x0303, S(0), S(10), 0, 0 },			/* x86-64 */
	{ 0x0303, S(0), 9999, 0, 0 },			/* out of the file */
};

/* A processor of x86-64-v3, and a loader before glibc 2.33. */
static const struct inspect_hwcaps v3 = {
	.name = { "x86-64-v3", "x86-64-v2" }, .n = 2
};
static const struct inspect_hwcaps none = { .n = 0 };

static void test_inspect_ldcache_find_by_architecture(void **state)
{
	unsigned char buf[4096];
	size_t len = make(buf, 0, entries, 4, strings, sizeof(strings));
	char out[128];

	(void)state;
	assert_true(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64, &v3,
				    "libz.so.1", out, sizeof(out)));
	assert_string_equal(out, "/lib/x86_64-linux-gnu/libz.so.1");
	assert_true(inspect_ldcache_find(buf, len, EM_386, ELFCLASS32, &v3,
				    "libz.so.1", out, sizeof(out)));
	assert_string_equal(out, "/lib/i386-linux-gnu/libz.so.1");
	assert_false(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64, &v3,
				     "libm.so.6", out, sizeof(out)));
	assert_false(inspect_ldcache_find(buf, len, EM_RISCV, ELFCLASS64, &v3,
				     "libz.so.1", out, sizeof(out)));
	/* Too long for OUT: not found rather than cut. */
	assert_false(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64, &v3,
				     "libz.so.1", out, 10));
}

static void test_inspect_ldcache_find_after_old_format(void **state)
{
	unsigned char buf[4096];
	size_t len = make(buf, 16, entries, 4, strings, sizeof(strings));
	char out[128];

	(void)state;
	assert_true(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64, &v3,
				    "libz.so.1", out, sizeof(out)));
	assert_string_equal(out, "/lib/x86_64-linux-gnu/libz.so.1");
}

static void test_inspect_ldcache_find_malformed(void **state)
{
	unsigned char buf[4096];
	size_t len = make(buf, 0, entries, 4, strings, sizeof(strings));
	uint32_t many = 1000000;
	char out[128];

	(void)state;
	/* Cut short, or claiming more entries than it holds. */
	assert_false(inspect_ldcache_find(buf, 40, EM_X86_64, ELFCLASS64, &v3,
				     "libz.so.1", out, sizeof(out)));
	memcpy(buf + 20, &many, 4);
	assert_false(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64, &v3,
				     "libz.so.1", out, sizeof(out)));
	assert_false(inspect_ldcache_find("not a cache", 11, EM_X86_64,
				     ELFCLASS64, &none, "libz.so.1", out,
				     sizeof(out)));
}

/*
 * libz.so.1 under glibc-hwcaps/x86-64-v3 (ISA level V3LEVEL), under
 * glibc-hwcaps/x86-64-v2 (level V2LEVEL) and plain, in ldconfig's order,
 * with the extension directory after the strings, its glibc-hwcaps
 * section naming x86-64-v2 and x86-64-v3, sorted.  MAGIC is the
 * directory's.
 */
static size_t make_hwcaps(unsigned char *buf, unsigned v3level,
			  unsigned v2level, uint32_t magic)
{
	static const char str[] = "libz.so.1\0/l/libz.so.1\0"
		"/l/glibc-hwcaps/x86-64-v3/libz.so.1\0"
		"/l/glibc-hwcaps/x86-64-v2/libz.so.1\0x86-64-v2\0x86-64-v3";
#define H(off) (uint32_t)(48 + 3 * 24 + (off))
	const struct entry e[] = {
		{ 0x0303, H(0), H(23), 0, 1ull << 62 | (uint64_t)v3level << 32 | 1 },
		{ 0x0303, H(0), H(59), 0, 1ull << 62 | (uint64_t)v2level << 32 | 0 },
		{ 0x0303, H(0), H(10), 0, 0 },
	};
	const uint32_t dir[] = {
		magic, 1, 1, 0, 0, 8,		/* glibc-hwcaps: 2 entries */
		H(95), H(105),			/* its array */
	};
	size_t len = make(buf, 0, e, 3, str, sizeof(str));
	uint32_t at = (uint32_t)((len + 3) & ~(size_t)3);
	uint32_t d[8];

	memcpy(d, dir, sizeof(d));
	d[4] = at + 24;
	memcpy(buf + 32, &at, 4);
	memcpy(buf + at, d, sizeof(d));
	return at + sizeof(d);
#undef H
}

/* What the cache in BUF (LEN bytes) gives for libz.so.1 under HW. */
static const char *find(const unsigned char *buf, size_t len,
			const struct inspect_hwcaps *hw)
{
	static char out[128];

	if (!inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64, hw,
			     "libz.so.1", out, sizeof(out)))
		return "(none)";
	return out;
}

static void test_inspect_ldcache_find_glibc_hwcaps_best(void **state)
{
	const struct inspect_hwcaps v2 = { .name = { "x86-64-v2" }, .n = 1 };
	const struct inspect_hwcaps v4 = {
		.name = { "x86-64-v4", "x86-64-v3", "x86-64-v2" }, .n = 3
	};
	unsigned char buf[4096];
	size_t len = make_hwcaps(buf, 0, 0, 0xeaa42174u);

	(void)state;
	assert_string_equal(find(buf, len, &v4),
			    "/l/glibc-hwcaps/x86-64-v3/libz.so.1");
	assert_string_equal(find(buf, len, &v3),
			    "/l/glibc-hwcaps/x86-64-v3/libz.so.1");
	assert_string_equal(find(buf, len, &v2),
			    "/l/glibc-hwcaps/x86-64-v2/libz.so.1");
	assert_string_equal(find(buf, len, &none), "/l/libz.so.1");
}

static void test_inspect_ldcache_find_glibc_hwcaps_isa_level(void **state)
{
	unsigned char buf[4096];
	size_t len = make_hwcaps(buf, 3, 2, 0xeaa42174u);

	(void)state;
	/* Under x86-64-v3 built for x86-64-v4 (level 3), under x86-64-v2
	 * for x86-64-v3 (level 2): a processor of x86-64-v3 passes over
	 * the first for its level and takes the second; both of level 3,
	 * it takes the plain one. */
	assert_string_equal(find(buf, len, &v3),
			    "/l/glibc-hwcaps/x86-64-v2/libz.so.1");
	len = make_hwcaps(buf, 3, 3, 0xeaa42174u);
	assert_string_equal(find(buf, len, &v3), "/l/libz.so.1");
}

static void test_inspect_ldcache_find_glibc_hwcaps_malformed(void **state)
{
	unsigned char buf[4096];
	size_t len = make_hwcaps(buf, 0, 0, 0x12345678u);
	uint32_t far = 1u << 20;

	(void)state;
	/* No directory the loader accepts: no glibc-hwcaps entry. */
	assert_string_equal(find(buf, len, &v3), "/l/libz.so.1");
	len = make_hwcaps(buf, 0, 0, 0xeaa42174u);
	assert_string_equal(find(buf, len - 4, &v3), "/l/libz.so.1");
	memcpy(buf + 32, &far, 4);
	assert_string_equal(find(buf, len, &v3), "/l/libz.so.1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspect_ldcache_find_by_architecture),
		cmocka_unit_test(test_inspect_ldcache_find_after_old_format),
		cmocka_unit_test(test_inspect_ldcache_find_malformed),
		cmocka_unit_test(test_inspect_ldcache_find_glibc_hwcaps_best),
		cmocka_unit_test(
			test_inspect_ldcache_find_glibc_hwcaps_isa_level),
		cmocka_unit_test(
			test_inspect_ldcache_find_glibc_hwcaps_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

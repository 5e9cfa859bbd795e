/* SPDX-License-Identifier: MIT */
/*
 * inspect_ldcache_find: a library's path from the bytes of /etc/ld.so.cache,
 * laid out here as glibc 2.36's ldconfig writes them.
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

static void test_inspect_ldcache_find_by_architecture(void **state)
{
	unsigned char buf[4096];
	size_t len = make(buf, 0, entries, 4, strings, sizeof(strings));
	char out[128];

	(void)state;
	assert_true(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64,
				    "libz.so.1", out, sizeof(out)));
	assert_string_equal(out, "/lib/x86_64-linux-gnu/libz.so.1");
	assert_true(inspect_ldcache_find(buf, len, EM_386, ELFCLASS32,
				    "libz.so.1", out, sizeof(out)));
	assert_string_equal(out, "/lib/i386-linux-gnu/libz.so.1");
	assert_false(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64,
				     "libm.so.6", out, sizeof(out)));
	assert_false(inspect_ldcache_find(buf, len, EM_RISCV, ELFCLASS64,
				     "libz.so.1", out, sizeof(out)));
	/* Too long for OUT: not found rather than cut. */
	assert_false(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64,
				     "libz.so.1", out, 10));
}

static void test_inspect_ldcache_find_after_old_format(void **state)
{
	unsigned char buf[4096];
	size_t len = make(buf, 16, entries, 4, strings, sizeof(strings));
	char out[128];

	(void)state;
	assert_true(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64,
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
	assert_false(inspect_ldcache_find(buf, 40, EM_X86_64, ELFCLASS64,
				     "libz.so.1", out, sizeof(out)));
	memcpy(buf + 20, &many, 4);
	assert_false(inspect_ldcache_find(buf, len, EM_X86_64, ELFCLASS64,
				     "libz.so.1", out, sizeof(out)));
	assert_false(inspect_ldcache_find("not a cache", 11, EM_X86_64,
				     ELFCLASS64, "libz.so.1", out,
				     sizeof(out)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inspect_ldcache_find_by_architecture),
		cmocka_unit_test(test_inspect_ldcache_find_after_old_format),
		cmocka_unit_test(test_inspect_ldcache_find_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

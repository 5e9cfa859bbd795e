/* SPDX-License-Identifier: MIT */
/*
 * Shared-file names: round trips, escaping, keys that change with every
 * part of a program's identity.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/sharename.h"

static struct hl_share_id sample(void)
{
	struct hl_share_id id;

	memset(&id, 0, sizeof(id));
	id.format = HL_SHARE_FORMAT;
	id.dev = 0xfe00;
	id.ino = 1234;
	id.size = 16056;
	id.mtime.tv_sec = 1700000000;
	id.ctime.tv_sec = 1700000001;
	memcpy(id.build_id, "\x12\x34\x56", 3);
	id.build_id_len = 3;
	id.phdr = 3;
	id.ph = (struct hl_phdr){ 1, 5, 0x1000, 0x200000, 0x175, 0x175,
				  0x1000 };
	id.page = 2u << 20;
	hl_share_id_whole(&id);
	return id;
}

static void test_hl_share_name_round_trip(void **state)
{
	struct hl_share_id id = sample();
	struct hl_share_parsed p;
	char name[HL_SHARE_NAME_MAX + 1], lock[HL_SHARE_NAME_MAX + 1];

	(void)state;
	assert_int_equal(hl_share_name(name, "/opt/a%b/my#prog",
				       0xabcdef0123456789ull, &id), 0);
	assert_string_equal(
		name, "%2fopt%2fa%25b%2fmy%23prog#abcdef0123456789#3#2048k");
	assert_int_equal(hl_share_parse(name, &p), 0);
	assert_string_equal(p.path, "/opt/a%b/my#prog");
	assert_true(p.key == 0xabcdef0123456789ull);
	assert_int_equal(p.phdr, 3);
	assert_int_equal(p.page, 2u << 20);
	assert_int_equal(hl_share_prefix_len(name),
			 strlen("%2fopt%2fa%25b%2fmy%23prog#"));
	hl_share_lock_name(lock, name);
	assert_string_equal(lock, "%2fopt%2fa%25b%2fmy%23prog#lock");
	assert_int_equal(hl_share_parse(lock, &p), -1);
}

/* A range other than the segment's whole one is in the name. */
static void test_hl_share_name_range(void **state)
{
	struct hl_share_id id = sample();
	struct hl_share_parsed p;
	char name[HL_SHARE_NAME_MAX + 1], again[HL_SHARE_NAME_MAX + 1];

	(void)state;
	assert_true(id.lo == 0x200000 && id.len == 2u << 20);
	id.lo = 0x400000;
	id.len = 0x200000;
	assert_int_equal(hl_share_name(name, "/p", 0x1ull, &id), 0);
	assert_string_equal(name,
			    "%2fp#0000000000000001#3#2048k#400000+200000");
	assert_int_equal(hl_share_parse(name, &p), 0);
	assert_true(p.ranged && p.lo == 0x400000 && p.len == 0x200000);
	id.lo = p.lo;
	id.len = p.len;
	assert_int_equal(hl_share_name(again, p.path, p.key, &id), 0);
	assert_string_equal(again, name);
	hl_share_id_whole(&id);
	assert_int_equal(hl_share_name(name, "/p", 0x1ull, &id), 0);
	assert_string_equal(name, "%2fp#0000000000000001#3#2048k");
	assert_int_equal(hl_share_parse(name, &p), 0);
	assert_false(p.ranged);
}

/* Files of other builds of the same segment and range. */
static void test_hl_share_other_build(void **state)
{
	const char *name = "%2fp#0000000000000001#3#2048k";
	const char *ranged = "%2fp#0000000000000001#3#2048k#0+200000";

	(void)state;
	assert_true(hl_share_other_build("%2fp#00000000000000ff#3#2048k",
					 name));
	assert_true(hl_share_other_build("%2fp#00000000000000ff#3#2048k#0+200000", ranged));
	/* Other ranges stay: a run that moves another part of the text. */
	assert_false(hl_share_other_build("%2fp#00000000000000ff#3#2048k#0+200000", name));
	assert_false(hl_share_other_build("%2fp#00000000000000ff#3#2048k",
					  ranged));
	assert_false(hl_share_other_build(name, name));
	/* Other segments, sizes and programs, and the lock. */
	assert_false(hl_share_other_build("%2fp#00000000000000ff#4#2048k",
					  name));
	assert_false(hl_share_other_build("%2fp#00000000000000ff#3#20480k",
					  name));
	assert_false(hl_share_other_build("%2fq#00000000000000ff#3#2048k",
					  name));
	assert_false(hl_share_other_build("%2fp#lock", name));
}

static void test_hl_share_name_too_long(void **state)
{
	struct hl_share_id id = sample();
	char path[300], name[HL_SHARE_NAME_MAX + 1];

	(void)state;
	memset(path, 'x', sizeof(path) - 1);
	path[0] = '/';
	path[sizeof(path) - 1] = '\0';
	assert_int_equal(hl_share_name(name, path, 1, &id), -1);
}

static void test_hl_share_parse_rejects(void **state)
{
	static const char *bad[] = {
		"prog_64_3", "relative#0123456789abcdef#3#2048k",
		"%2fp#0123456789abcde#3#2048k", "%2fp#0123456789abcdef#3#2048",
		"%2fp#0123456789abcdef#x#2048k",
		"%2fp%2#0123456789abcdef#3#2048k",
		"%2fp%zz#0123456789abcdef#3#2048k",
		"%2fp#0123456789abcdef#3#0k",
		"%2fp#0123456789abcdef#3#2048k.lock",
		/* Numbers that overflow, or that no program or kernel has. */
		"%2fp#0123456789abcdef#3#18014398509481984k",
		"%2fp#0123456789abcdef#3#18446744073709551616k",
		"%2fp#0123456789abcdef#-2147483648#2048k",
		"%2fp#0123456789abcdef#65536#2048k",
		"%2fp#0123456789abcdef#99999999999999999999#2048k",
		"%2fp#0123456789abcdef#3#3k", "%2fp#0123456789abcdef#3#32k",
		"%2fp#0123456789abcdef#3#33554432k",
		/* Anything hl_share_name would not have written. */
		"%2fp#0123456789abcdef#+3#2048k",
		"%2fp#0123456789abcdef# 3#2048k",
		"%2fp#0123456789abcdef#03#2048k",
		"%2fp#0123456789abcdef#3#02048k",
		"%2fp#0123456789abcdef##2048k", "%2fp#0123456789abcdef#3#k",
		"%2fp#0123456789ABCDEF#3#2048k",
		"%2fp#-123456789abcdef#3#2048k",
		"%2fp# 123456789abcdef#3#2048k",
		"%2fp#0x23456789abcdef#3#2048k",
		"%2fp#0123456789abcdef0#3#2048k",
		"%2Fp#0123456789abcdef#3#2048k",
		"%2fp#0123456789abcdef#3#2048k#",
		"%2fp#0123456789abcdef#3#2048K",
		/* Ranges that hl_share_name would not have written. */
		"%2fp#0123456789abcdef#3#2048k#0",
		"%2fp#0123456789abcdef#3#2048k#0+0",
		"%2fp#0123456789abcdef#3#2048k#00+1",
		"%2fp#0123456789abcdef#3#2048k#0+01",
		"%2fp#0123456789abcdef#3#2048k#A+1",
		"%2fp#0123456789abcdef#3#2048k#+1",
		"%2fp#0123456789abcdef#3#2048k#1+",
		"%2fp#0123456789abcdef#3#2048k#1+1#",
		"%2fp#0123456789abcdef#3#2048k#0x1+1",
		"%2fp#0123456789abcdef#3#2048k#1+1 ",
		"%2fp#0123456789abcdef#3#2048k#10000000000000000+1",
		"%2fp#0123456789abcdef#3#2048k#ffffffffffffffff+1",
	};
	struct hl_share_parsed p;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(hl_share_parse(bad[i], &p), -1);
}

/* The bounds themselves are names hl_share_name can write. */
static void test_hl_share_parse_bounds(void **state)
{
	static const char *good[] = {
		"%2fp#0123456789abcdef#0#64k",
		"%2fp#ffffffffffffffff#65535#16777216k",
		"%2fp#0000000000000000#1#1048576k",
	};
	struct hl_share_parsed p;
	struct hl_share_id id;
	char again[HL_SHARE_NAME_MAX + 1];

	(void)state;
	memset(&id, 0, sizeof(id));
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(hl_share_parse(good[i], &p), 0);
		id.phdr = p.phdr;
		id.page = p.page;
		assert_int_equal(hl_share_name(again, p.path, p.key, &id), 0);
		assert_string_equal(again, good[i]);
	}
	assert_true(hl_share_page_ok(2u << 20));
	assert_false(hl_share_page_ok(0));
	assert_false(hl_share_page_ok(3u << 20));
}

static void test_hl_share_key_every_field(void **state)
{
	struct hl_share_id a = sample(), b;
	uint64_t k = hl_share_key(&a);

	(void)state;
	assert_true(hl_share_key(&a) == k);
#define CHANGED(stmt) \
	do { b = a; stmt; assert_true(hl_share_key(&b) != k); } while (0)
	CHANGED(b.format++);
	CHANGED(b.dev++);
	CHANGED(b.ino++);
	CHANGED(b.size++);
	CHANGED(b.mtime.tv_nsec++);
	CHANGED(b.ctime.tv_sec++);
	CHANGED(b.build_id[0]++);
	CHANGED(b.build_id_len--);
	CHANGED(b.phdr++);
	CHANGED(b.ph.filesz++);
	CHANGED(b.ph.vaddr += 0x1000);
	CHANGED(b.page <<= 9);
	CHANGED(b.lo += 0x200000);
	CHANGED(b.len += 0x200000);
#undef CHANGED
}

/* The identity from a stat carries the files' format: a runtime whose
 * files differ makes other keys. */
static void test_hl_share_id_from_stat_format(void **state)
{
	struct hl_share_id id;
	struct stat st;

	(void)state;
	memset(&id, 0, sizeof(id));
	memset(&st, 0, sizeof(st));
	hl_share_id_from_stat(&id, &st);
	assert_int_equal(id.format, HL_SHARE_FORMAT);
	assert_int_not_equal(id.format, 0);
}

/* A stat is the same as an identity's only with every field it took. */
static void test_hl_share_id_stat_same(void **state)
{
	struct stat st = { .st_dev = 8, .st_ino = 42, .st_size = 4096 };
	struct hl_share_id id = { 0 };
	struct stat changed;

	(void)state;
	st.st_mtim.tv_sec = 100;
	st.st_ctim.tv_nsec = 7;
	hl_share_id_from_stat(&id, &st);
	assert_true(hl_share_id_stat_same(&id, &st));
	changed = st;
	changed.st_ctim.tv_nsec++;
	assert_false(hl_share_id_stat_same(&id, &changed));
	changed = st;
	changed.st_size++;
	assert_false(hl_share_id_stat_same(&id, &changed));
	changed = st;
	changed.st_ino++;
	assert_false(hl_share_id_stat_same(&id, &changed));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_share_name_round_trip),
		cmocka_unit_test(test_hl_share_name_range),
		cmocka_unit_test(test_hl_share_other_build),
		cmocka_unit_test(test_hl_share_name_too_long),
		cmocka_unit_test(test_hl_share_parse_rejects),
		cmocka_unit_test(test_hl_share_parse_bounds),
		cmocka_unit_test(test_hl_share_key_every_field),
		cmocka_unit_test(test_hl_share_id_from_stat_format),
		cmocka_unit_test(test_hl_share_id_stat_same),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

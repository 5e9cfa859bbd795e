/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <elf.h>
#include <cmocka.h>

#include "core/note.h"
#include "tests/unit/support/notes.h"

static const unsigned char id20[20] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
};

static void test_hl_note_build_id_after_other_notes(void **state)
{
	unsigned char buf[256], out[64];
	uint32_t abi[4] = { 0, 3, 2, 0 };
	size_t n = 0;

	(void)state;
	put_note(buf, &n, 4, NT_GNU_ABI_TAG, "GNU", abi, sizeof(abi));
	put_note(buf, &n, 4, NT_GNU_BUILD_ID, "XYZ", id20, 3);
	put_note(buf, &n, 4, NT_GNU_BUILD_ID, "GNU", id20, sizeof(id20));
	assert_int_equal(hl_note_build_id(buf, n, 4, out, sizeof(out)), 20);
	assert_memory_equal(out, id20, 20);
}

static void test_hl_note_build_id_eight_byte_alignment(void **state)
{
	unsigned char buf[256], out[64];
	size_t n = 0;

	(void)state;
	assert_int_equal(hl_note_align(8), 8);
	assert_int_equal(hl_note_align(4), 4);
	assert_int_equal(hl_note_align(0), 4);
	put_note(buf, &n, 8, NT_GNU_PROPERTY_TYPE_0, "GNU", id20, 12);
	put_note(buf, &n, 8, NT_GNU_BUILD_ID, "GNU", id20, sizeof(id20));
	assert_int_equal(hl_note_build_id(buf, n, 8, out, sizeof(out)), 20);
	assert_memory_equal(out, id20, 20);
}

static void test_hl_note_build_id_none_or_malformed(void **state)
{
	unsigned char buf[256] = { 0 }, out[64];
	size_t n = 0;

	(void)state;
	assert_int_equal(hl_note_build_id(buf, 0, 4, out, sizeof(out)), 0);
	put_note(buf, &n, 4, NT_GNU_BUILD_ID, "GNU", id20, sizeof(id20));
	/* Cut short: the descriptor runs past the end. */
	assert_int_equal(hl_note_build_id(buf, n - 4, 4, out, sizeof(out)), 0);
	/* Longer than the room given. */
	assert_int_equal(hl_note_build_id(buf, n, 4, out, 16), 0);
	/* A size field that would wrap around. */
	buf[4] = buf[5] = buf[6] = buf[7] = 0xff;
	assert_int_equal(hl_note_build_id(buf, n, 4, out, sizeof(out)), 0);
}

/* Notes whose sizes stay within the bytes given, with padding after
 * them too short for a header, are well formed; a name or descriptor
 * that runs past the end is not, wherever it is. */
static void test_hl_notes_wellformed(void **state)
{
	unsigned char buf[256] = { 0 };
	size_t n = 0, first;

	(void)state;
	assert_true(hl_notes_wellformed(buf, 0, 4));
	put_note(buf, &n, 4, NT_GNU_BUILD_ID, "GNU", id20, sizeof(id20));
	first = n;
	put_note(buf, &n, 4, NT_GNU_BUILD_ID, "XYZ", id20, 3);
	assert_true(hl_notes_wellformed(buf, n, 4));
	assert_true(hl_notes_wellformed(buf, n + 8, 4));
	assert_false(hl_notes_wellformed(buf, n - 4, 4));
	buf[first] = 0xf0;	/* the second note's n_namesz */
	buf[first + 1] = buf[first + 2] = buf[first + 3] = 0xff;
	assert_false(hl_notes_wellformed(buf, n, 4));
	buf[4] = buf[5] = buf[6] = buf[7] = 0x7f;	/* the first's n_descsz */
	assert_false(hl_notes_wellformed(buf, n, 4));
}

static void test_hl_note_runtime_version(void **state)
{
	unsigned char buf[256];
	char out[HL_NOTE_VERSION_MAX];
	size_t n = 0;

	(void)state;
	put_note(buf, &n, 4, NT_GNU_BUILD_ID, "GNU", id20, sizeof(id20));
	assert_false(hl_note_runtime(buf, n, 4, out, sizeof(out)));
	/* Another owner's type 1, and ours with another type. */
	put_note(buf, &n, 4, HL_NOTE_RUNTIME, "hugelinx", "9.9.9", 6);
	put_note(buf, &n, 4, HL_NOTE_RUNTIME + 1, HL_NOTE_OWNER, "9.9.9", 6);
	assert_false(hl_note_runtime(buf, n, 4, out, sizeof(out)));
	put_note(buf, &n, 4, HL_NOTE_RUNTIME, HL_NOTE_OWNER, "1.2.3\0\0", 8);
	assert_true(hl_note_runtime(buf, n, 4, out, sizeof(out)));
	assert_string_equal(out, "1.2.3");
	/* Cut to the room given, and NUL-terminated. */
	assert_true(hl_note_runtime(buf, n, 4, out, 3));
	assert_string_equal(out, "1.");
}

static void test_hl_note_runtime_unterminated_or_cut(void **state)
{
	unsigned char buf[256];
	char out[HL_NOTE_VERSION_MAX];
	size_t n = 0;

	(void)state;
	put_note(buf, &n, 4, HL_NOTE_RUNTIME, HL_NOTE_OWNER, "1.0.1", 5);
	assert_true(hl_note_runtime(buf, n, 4, out, sizeof(out)));
	assert_string_equal(out, "1.0.1");
	assert_false(hl_note_runtime(buf, n - 4, 4, out, sizeof(out)));
}

static void test_hl_note_entry(void **state)
{
	unsigned char notes[128];
	size_t n = 0, len;
	uint32_t head[2] = { HL_ENTRY_ABI, 0 };
	int64_t off = 0x1234;
	unsigned char desc[HL_ENTRY_DESC_SIZE];
	const unsigned char *d;

	(void)state;
	memcpy(desc, head, 8);
	memcpy(desc + 8, &off, 8);
	put_note(notes, &n, 4, HL_NOTE_RUNTIME, HL_NOTE_OWNER, "1.0", 4);
	put_note(notes, &n, 4, HL_NOTE_ENTRY, HL_NOTE_OWNER, desc,
		 sizeof(desc));
	d = hl_note_find(notes, n, 4, HL_NOTE_OWNER, HL_NOTE_ENTRY, &len);
	assert_non_null(d);
	assert_ptr_equal(hl_note_entry(d, len, HL_ENTRY_ABI), d + 0x1234);
	/* Another ABI, another size or a zero distance lead nowhere. */
	assert_null(hl_note_entry(d, len, HL_ENTRY_ABI + 1));
	assert_null(hl_note_entry(d, len - 8, HL_ENTRY_ABI));
	assert_null(hl_note_entry(NULL, len, HL_ENTRY_ABI));
	off = 0;
	memcpy(desc + 8, &off, 8);
	assert_null(hl_note_entry(desc, sizeof(desc), HL_ENTRY_ABI));
}

/* A GNU property note holding PROPS, N 32-bit words. */
static size_t property_note(unsigned char *buf, const uint32_t *props, size_t n)
{
	size_t len = 0;

	put_note(buf, &len, 8, NT_GNU_PROPERTY_TYPE_0, "GNU", props, 4 * n);
	return len;
}

static void test_hl_note_aarch64_features_bti_pac(void **state)
{
	/* x86's ISA property first (8 bytes of data), then aarch64's. */
	uint32_t props[] = { 0xc0008002, 4, 1, 0, 0xc0000000, 4, 3, 0 };
	unsigned char buf[256];
	size_t n = property_note(buf, props, 8);

	(void)state;
	assert_int_equal(hl_note_aarch64_features(buf, n, 8),
			 HL_AARCH64_BTI | HL_AARCH64_PAC);
}

static void test_hl_note_aarch64_features_none_or_malformed(void **state)
{
	uint32_t other[] = { 0xc0008002, 4, 1, 0 };
	uint32_t too_long[] = { 0xc0000000, 64, 1, 0 };
	uint32_t too_short[] = { 0xc0000000, 2, 1, 0 };
	unsigned char buf[256] = { 0 };

	(void)state;
	assert_int_equal(hl_note_aarch64_features(buf, 0, 8), 0);
	assert_int_equal(hl_note_aarch64_features(buf,
			 property_note(buf, other, 4), 8), 0);
	assert_int_equal(hl_note_aarch64_features(buf,
			 property_note(buf, too_long, 4), 8), 0);
	assert_int_equal(hl_note_aarch64_features(buf,
			 property_note(buf, too_short, 4), 8), 0);
}

static void test_hl_note_hot_range(void **state)
{
	unsigned char d[HL_HOT_DESC_SIZE] = { 0 };
	uint32_t abi = HL_HOT_ABI;
	uint64_t start = 0x201000, len = 0x300, s, l;

	(void)state;
	memcpy(d, &abi, 4);
	memcpy(d + 8, &start, 8);
	memcpy(d + 16, &len, 8);
	assert_true(hl_note_hot(d, sizeof(d), &s, &l));
	assert_int_equal(s, start);
	assert_int_equal(l, len);
	assert_false(hl_note_hot(d, sizeof(d) - 1, &s, &l));
	assert_false(hl_note_hot(NULL, sizeof(d), &s, &l));
	abi = 2;
	memcpy(d, &abi, 4);
	assert_false(hl_note_hot(d, sizeof(d), &s, &l));
	abi = HL_HOT_ABI;
	memcpy(d, &abi, 4);
	start = UINT64_MAX - 4;
	memcpy(d + 8, &start, 8);
	assert_false(hl_note_hot(d, sizeof(d), &s, &l));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_note_hot_range),
		cmocka_unit_test(test_hl_note_build_id_after_other_notes),
		cmocka_unit_test(test_hl_note_build_id_eight_byte_alignment),
		cmocka_unit_test(test_hl_note_build_id_none_or_malformed),
		cmocka_unit_test(test_hl_notes_wellformed),
		cmocka_unit_test(test_hl_note_runtime_version),
		cmocka_unit_test(test_hl_note_runtime_unterminated_or_cut),
		cmocka_unit_test(test_hl_note_entry),
		cmocka_unit_test(test_hl_note_aarch64_features_bti_pac),
		cmocka_unit_test(
			test_hl_note_aarch64_features_none_or_malformed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

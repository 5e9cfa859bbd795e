#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <elf.h>
#include <cmocka.h>

#include "core/note.h"

/* Append a note of TYPE with NAME and DESC to BUF at *N, aligned to A. */
static void put_note(unsigned char *buf, size_t *n, size_t a, uint32_t type,
		     const char *name, const void *desc, uint32_t descsz)
{
	Elf32_Nhdr h = { (uint32_t)strlen(name) + 1, descsz, type };
	size_t name_len = (h.n_namesz + a - 1) & ~(a - 1);
	size_t desc_len = (descsz + a - 1) & ~(a - 1);

	memcpy(buf + *n, &h, sizeof(h));
	memset(buf + *n + sizeof(h), 0, name_len + desc_len);
	memcpy(buf + *n + sizeof(h), name, h.n_namesz);
	memcpy(buf + *n + sizeof(h) + name_len, desc, descsz);
	*n += sizeof(h) + name_len + desc_len;
}

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_note_build_id_after_other_notes),
		cmocka_unit_test(test_hl_note_build_id_eight_byte_alignment),
		cmocka_unit_test(test_hl_note_build_id_none_or_malformed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

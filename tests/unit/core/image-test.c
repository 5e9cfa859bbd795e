/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <elf.h>
#include <cmocka.h>

#include "core/image.h"
#include "core/note.h"
#include "tests/unit/support/notes.h"

/*
 * An object loaded at the start of MEM: text [0, 0x400), R+X; data
 * [0x400, 0x800), R+W; and its notes at 0x100, in the text, as a
 * PT_NOTE.  The entry note's distance leads to TARGET (an offset in MEM)
 * and is of ABI.
 */
struct fake {
	unsigned char mem[0x800] __attribute__((aligned(8)));
	struct hl_phdr ph[3];
};

static void make(struct fake *f, uint32_t abi, uint64_t target)
{
	uint32_t head[2] = { abi, 0 };
	unsigned char desc[16];
	size_t n = 0x100, at;
	int64_t dist;

	memset(f, 0, sizeof(*f));
	put_note(f->mem, &n, 4, HL_NOTE_RUNTIME, HL_NOTE_OWNER, "1.0", 4);
	at = n + sizeof(Elf32_Nhdr) + 12;	/* the entry descriptor */
	dist = (int64_t)target - (int64_t)at;
	memcpy(desc, head, sizeof(head));
	memcpy(desc + 8, &dist, sizeof(dist));
	put_note(f->mem, &n, 4, HL_NOTE_ENTRY, HL_NOTE_OWNER, desc, sizeof(desc));
	f->ph[0] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R | PF_X,
		.vaddr = 0, .filesz = 0x400, .memsz = 0x400, .align = 0x1000 };
	f->ph[1] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R | PF_W,
		.offset = 0x400, .vaddr = 0x400, .filesz = 0x400, .memsz = 0x400,
		.align = 0x1000 };
	f->ph[2] = (struct hl_phdr){ .type = PT_NOTE, .flags = PF_R,
		.offset = 0x100, .vaddr = 0x100, .filesz = n - 0x100, .align = 4 };
}

static void test_hl_image_entry_in_text(void **state)
{
	struct fake f;

	(void)state;
	make(&f, HL_ENTRY_ABI, 0x20);
	assert_ptr_equal(hl_image_entry(f.ph, 3, (uintptr_t)f.mem), f.mem + 0x20);
}

static void test_hl_image_entry_into_data_refused(void **state)
{
	struct fake f;

	(void)state;
	make(&f, HL_ENTRY_ABI, 0x500);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_entry_outside_object_refused(void **state)
{
	struct fake f;

	(void)state;
	make(&f, HL_ENTRY_ABI, 0x100000);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
	make(&f, HL_ENTRY_ABI, (uint64_t)-0x1000);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_entry_unknown_abi_refused(void **state)
{
	struct fake f;

	(void)state;
	make(&f, HL_ENTRY_ABI + 1, 0x20);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_note_outside_loads_not_read(void **state)
{
	struct fake f;
	size_t len;

	(void)state;
	make(&f, HL_ENTRY_ABI, 0x20);
	assert_non_null(hl_image_note(f.ph, 3, (uintptr_t)f.mem, HL_NOTE_RUNTIME,
				      &len));
	f.ph[2].filesz = 0x1000;	/* reaching past the text */
	assert_null(hl_image_note(f.ph, 3, (uintptr_t)f.mem, HL_NOTE_RUNTIME,
				  &len));
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_executes_file_part_only(void **state)
{
	struct fake f;

	(void)state;
	make(&f, HL_ENTRY_ABI, 0x20);
	f.ph[0].filesz = 0x200;
	assert_true(hl_image_executes(f.ph, 3, 0x10000, 0x10000 + 0x1ff));
	assert_false(hl_image_executes(f.ph, 3, 0x10000, 0x10000 + 0x200));
	assert_false(hl_image_executes(f.ph, 3, 0x10000, 0x10000 + 0x500));
	assert_false(hl_image_executes(f.ph, 3, 0x10000, 0xfff));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_image_entry_in_text),
		cmocka_unit_test(test_hl_image_entry_into_data_refused),
		cmocka_unit_test(test_hl_image_entry_outside_object_refused),
		cmocka_unit_test(test_hl_image_entry_unknown_abi_refused),
		cmocka_unit_test(test_hl_image_note_outside_loads_not_read),
		cmocka_unit_test(test_hl_image_executes_file_part_only),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

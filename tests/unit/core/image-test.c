/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <elf.h>
#include <link.h>
#include <cmocka.h>

#include "core/image.h"
#include "core/note.h"
#include "tests/unit/support/object.h"

static void test_hl_image_entry_in_text(void **state)
{
	struct fake_object f;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI, 0x20);
	assert_ptr_equal(hl_image_entry(f.ph, 3, (uintptr_t)f.mem),
			 f.mem + 0x20);
}

static void test_hl_image_entry_into_data_refused(void **state)
{
	struct fake_object f;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI, 0x500);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_entry_outside_object_refused(void **state)
{
	struct fake_object f;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI, 0x100000);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
	fake_object_make(&f, HL_ENTRY_ABI, (uint64_t)-0x1000);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_entry_unknown_abi_refused(void **state)
{
	struct fake_object f;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI + 1, 0x20);
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_note_outside_loads_not_read(void **state)
{
	struct fake_object f;
	size_t len;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI, 0x20);
	assert_non_null(hl_image_note(f.ph, 3, (uintptr_t)f.mem,
				      HL_NOTE_RUNTIME, &len));
	f.ph[2].filesz = 0x1000;	/* reaching past the text */
	assert_null(hl_image_note(f.ph, 3, (uintptr_t)f.mem, HL_NOTE_RUNTIME,
				  &len));
	assert_null(hl_image_entry(f.ph, 3, (uintptr_t)f.mem));
}

static void test_hl_image_executes_file_part_only(void **state)
{
	struct fake_object f;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI, 0x20);
	f.ph[0].filesz = 0x200;
	assert_true(hl_image_executes(f.ph, 3, 0x10000, 0x10000 + 0x1ff));
	assert_false(hl_image_executes(f.ph, 3, 0x10000, 0x10000 + 0x200));
	assert_false(hl_image_executes(f.ph, 3, 0x10000, 0x10000 + 0x500));
	assert_false(hl_image_executes(f.ph, 3, 0x10000, 0xfff));
}

/* A file of one ELF header and the table of F's headers after it. */
static size_t make_file(const struct fake_object *f, unsigned char *file)
{
	ElfW(Ehdr) eh;

	memset(&eh, 0, sizeof(eh));
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_phoff = sizeof(eh);
	eh.e_phentsize = sizeof(ElfW(Phdr));
	eh.e_phnum = 3;
	memcpy(file, &eh, sizeof(eh));
	for (int i = 0; i < 3; i++) {
		ElfW(Phdr) p = {
			.p_type = f->ph[i].type, .p_flags = f->ph[i].flags,
			.p_offset = f->ph[i].offset, .p_vaddr = f->ph[i].vaddr,
			.p_paddr = f->ph[i].vaddr, .p_filesz = f->ph[i].filesz,
			.p_memsz = f->ph[i].memsz, .p_align = f->ph[i].align,
		};

		memcpy(file + sizeof(eh) + i * sizeof(p), &p, sizeof(p));
	}
	return sizeof(eh) + 3 * sizeof(ElfW(Phdr));
}

static void test_hl_image_phdrs_equal_file_table(void **state)
{
	unsigned char file[512];
	struct fake_object f;
	uint64_t off;
	size_t size;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI, 0x20);
	make_file(&f, file);
	assert_int_equal(hl_image_phdr_table(file, sizeof(file), 3, &off,
					     &size), 0);
	assert_int_equal(off, sizeof(ElfW(Ehdr)));
	assert_true(hl_image_phdrs_equal(file + off, size, f.ph, 3));
}

static void test_hl_image_phdrs_equal_forged_memsz_refused(void **state)
{
	unsigned char file[512];
	struct fake_object f;
	uint64_t off;
	size_t size;

	(void)state;
	fake_object_make(&f, HL_ENTRY_ABI, 0x20);
	make_file(&f, file);
	f.ph[1].memsz += 20 << 20;
	assert_int_equal(hl_image_phdr_table(file, sizeof(file), 3, &off,
					     &size), 0);
	assert_false(hl_image_phdrs_equal(file + off, size, f.ph, 3));
	/* Another count than the file's is refused before any compare. */
	assert_int_equal(hl_image_phdr_table(file, sizeof(file), 4, &off,
					     &size), -1);
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
		cmocka_unit_test(test_hl_image_phdrs_equal_file_table),
		cmocka_unit_test(
			test_hl_image_phdrs_equal_forged_memsz_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

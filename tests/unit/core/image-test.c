/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <elf.h>
#include <link.h>
#include <cmocka.h>
#include <sys/mman.h>

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

/* A note segment the runtime set aside (PT_NULL) still agrees with the
 * file's PT_NOTE; no other header may differ in type. */
static void test_hl_image_phdrs_equal_note_set_aside(void **state)
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
	f.ph[2].type = PT_NULL;
	assert_true(hl_image_phdrs_equal(file + off, size, f.ph, 3));
	f.ph[0].type = PT_NULL;
	assert_false(hl_image_phdrs_equal(file + off, size, f.ph, 3));
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

/*
 * An object of one readable PT_LOAD, the first page of two mapped at
 * MEM, and one PT_DYNAMIC; the second page is PROT_NONE, so that a read
 * past the file part faults.
 */
#define PAGE 4096

struct dyn_object {
	unsigned char *mem;
	struct hl_phdr ph[2];
};

static void dyn_object_make(struct dyn_object *o, uint64_t dyn_vaddr,
			    uint64_t dyn_filesz)
{
	o->mem = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(o->mem != MAP_FAILED);
	assert_int_equal(mprotect(o->mem + PAGE, PAGE, PROT_NONE), 0);
	o->ph[0] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R,
		.filesz = PAGE, .memsz = PAGE, .align = PAGE };
	o->ph[1] = (struct hl_phdr){ .type = PT_DYNAMIC, .flags = PF_R,
		.offset = dyn_vaddr, .vaddr = dyn_vaddr, .filesz = dyn_filesz,
		.memsz = dyn_filesz, .align = 8 };
}

static void dyn_object_free(struct dyn_object *o)
{
	munmap(o->mem, 2 * PAGE);
}

/* Entry I of O's dynamic section, at AT, is TAG VAL. */
static void put_dyn(struct dyn_object *o, uint64_t at, size_t i,
		    ElfW(Sxword) tag, ElfW(Xword) val)
{
	ElfW(Dyn) d = { .d_tag = tag, .d_un.d_val = val };

	memcpy(o->mem + at + i * sizeof(d), &d, sizeof(d));
}

static uintptr_t bias_of(const struct dyn_object *o)
{
	return (uintptr_t)o->mem;
}

static void test_hl_image_soname_found(void **state)
{
	struct dyn_object o;

	(void)state;
	dyn_object_make(&o, 0x100, 3 * sizeof(ElfW(Dyn)));
	memcpy(o.mem + 0x800, "\0libx.so.1", 11);
	/* Relocated by ld.so: the table's address is absolute. */
	put_dyn(&o, 0x100, 0, DT_STRTAB, bias_of(&o) + 0x800);
	put_dyn(&o, 0x100, 1, DT_SONAME, 1);
	put_dyn(&o, 0x100, 2, DT_NULL, 0);
	assert_string_equal(hl_image_soname(o.ph, 2, bias_of(&o)),
			    "libx.so.1");
	/* Not relocated (ld.so's own, the vDSO's): an offset. */
	put_dyn(&o, 0x100, 0, DT_STRTAB, 0x800);
	assert_string_equal(hl_image_soname(o.ph, 2, bias_of(&o)),
			    "libx.so.1");
	assert_false(hl_image_textrel(o.ph, 2, bias_of(&o)));
	put_dyn(&o, 0x100, 2, DT_FLAGS, DF_TEXTREL);
	assert_true(hl_image_textrel(o.ph, 2, bias_of(&o)));
	put_dyn(&o, 0x100, 2, DT_TEXTREL, 0);
	assert_true(hl_image_textrel(o.ph, 2, bias_of(&o)));
	dyn_object_free(&o);
}

/* A soname that runs to the end of the file part has no end there. */
static void test_hl_image_soname_unterminated_refused(void **state)
{
	struct dyn_object o;

	(void)state;
	dyn_object_make(&o, 0x100, 3 * sizeof(ElfW(Dyn)));
	memset(o.mem + PAGE - 8, 'x', 8);
	put_dyn(&o, 0x100, 0, DT_STRTAB, 0);
	put_dyn(&o, 0x100, 1, DT_SONAME, PAGE - 8);
	put_dyn(&o, 0x100, 2, DT_NULL, 0);
	assert_null(hl_image_soname(o.ph, 2, bias_of(&o)));
	put_dyn(&o, 0x100, 1, DT_SONAME, (ElfW(Xword))-1);
	assert_null(hl_image_soname(o.ph, 2, bias_of(&o)));
	dyn_object_free(&o);
}

/*
 * The walk ends at the end of the PT_DYNAMIC's file part, DT_NULL or
 * not: what lies after it is no entry of the section.
 */
static void test_hl_image_dynamic_read_within_filesz(void **state)
{
	struct dyn_object o;

	(void)state;
	dyn_object_make(&o, 0x100, sizeof(ElfW(Dyn)));
	memcpy(o.mem + 0x800, "libx.so.1", 10);
	put_dyn(&o, 0x100, 0, DT_STRTAB, 0x800);
	put_dyn(&o, 0x100, 1, DT_SONAME, 0);
	put_dyn(&o, 0x100, 2, DT_TEXTREL, 0);
	put_dyn(&o, 0x100, 3, DT_NULL, 0);
	assert_false(hl_image_textrel(o.ph, 2, bias_of(&o)));
	assert_null(hl_image_soname(o.ph, 2, bias_of(&o)));
	/* Part of an entry is none. */
	o.ph[1].filesz = 2 * sizeof(ElfW(Dyn)) - 1;
	assert_null(hl_image_soname(o.ph, 2, bias_of(&o)));
	o.ph[1].filesz = 2 * sizeof(ElfW(Dyn));
	assert_string_equal(hl_image_soname(o.ph, 2, bias_of(&o)),
			    "libx.so.1");
	dyn_object_free(&o);
}

/* A PT_DYNAMIC of no bytes at the very end of the file part, or one
 * whose last entry there is not DT_NULL, is not read past it. */
static void test_hl_image_dynamic_at_end_not_read_past(void **state)
{
	struct dyn_object o;

	(void)state;
	dyn_object_make(&o, PAGE, 0);
	assert_false(hl_image_textrel(o.ph, 2, bias_of(&o)));
	assert_null(hl_image_soname(o.ph, 2, bias_of(&o)));
	dyn_object_free(&o);
	dyn_object_make(&o, PAGE - 2 * sizeof(ElfW(Dyn)),
			2 * sizeof(ElfW(Dyn)));
	put_dyn(&o, PAGE - 2 * sizeof(ElfW(Dyn)), 0, DT_STRTAB, 0);
	put_dyn(&o, PAGE - 2 * sizeof(ElfW(Dyn)), 1, DT_SONAME, 0);
	assert_false(hl_image_textrel(o.ph, 2, bias_of(&o)));
	assert_null(hl_image_soname(o.ph, 2, bias_of(&o)));
	dyn_object_free(&o);
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
		cmocka_unit_test(test_hl_image_phdrs_equal_note_set_aside),
		cmocka_unit_test(
			test_hl_image_phdrs_equal_forged_memsz_refused),
		cmocka_unit_test(test_hl_image_soname_found),
		cmocka_unit_test(test_hl_image_soname_unterminated_refused),
		cmocka_unit_test(test_hl_image_dynamic_read_within_filesz),
		cmocka_unit_test(test_hl_image_dynamic_at_end_not_read_past),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <elf.h>
#include <cmocka.h>

#include "core/note.h"
#include "core/trust.h"
#include "tests/unit/support/object.h"

/*
 * The object (tests/unit/support/object.h), its entry note leading to
 * 0x20 of its text, from /lib/libx.so; MAPS says what /proc/self/maps
 * would of it.
 */
struct fake {
	struct fake_object o;
	char text[512];
	struct hl_maps maps;
};

static void make(struct fake *f)
{
	fake_object_make(&f->o, HL_ENTRY_ABI, 0x20);
}

/* The maps: the text as PERMS, then the data; both from the file, or,
 * when MOVED, both anonymous memory (hugelink moved them). */
static void maps(struct fake *f, const char *perms, bool moved)
{
	uintptr_t m = (uintptr_t)f->o.mem;
	const char *what = moved ? "0" : "77 /lib/libx.so";

	snprintf(f->text, sizeof(f->text),
		 "%lx-%lx %s 00000000 fe:01 %s\n"
		 "%lx-%lx rw-p 00000400 fe:01 %s\n",
		 (unsigned long)m, (unsigned long)(m + 0x400), perms, what,
		 (unsigned long)(m + 0x400), (unsigned long)(m + 0x800), what);
	f->maps = (struct hl_maps){ .text = f->text, .len = strlen(f->text),
				    .cap = strlen(f->text) + 1 };
}

/* The object and its maps (see maps); returns its load address. */
static uintptr_t made(struct fake *f, const char *perms, bool moved)
{
	make(f);
	maps(f, perms, moved);
	return (uintptr_t)f->o.mem;
}

static void test_hl_trust_first_file(void **state)
{
	struct fake f;
	struct hl_maps_file file;
	uintptr_t b;

	(void)state;
	b = made(&f, "r-xp", false);
	assert_int_equal(hl_trust_first_file(&f.maps, f.o.ph, 3, b, &file), 0);
	assert_string_equal(file.path, "/lib/libx.so");
	assert_int_equal(file.inode, 77);
	/* A forged offset: the file's byte there is not the segment's. */
	f.o.ph[0].offset = 0x1000;
	f.o.ph[1].offset = 0x1400;
	assert_int_equal(hl_trust_first_file(&f.maps, f.o.ph, 3, b, &file), -1);
}

static void test_hl_trust_judge_by_the_file(void **state)
{
	struct fake f;
	struct hl_maps_file file;
	uintptr_t b;

	(void)state;
	b = made(&f, "r-xp", false);
	assert_int_equal(hl_trust_first_file(&f.maps, f.o.ph, 3, b, &file), 0);
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 3, b, &file, 1),
			 HL_TRUST_FILE);
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 3, b, &file, 0),
			 HL_TRUST_FORGED);
	/* The file unreadable: the memory is asked. */
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 3, b, &file, -1),
			 HL_TRUST_MEMORY);
	assert_true(hl_trust_readable(HL_TRUST_FILE));
	assert_true(hl_trust_readable(HL_TRUST_MEMORY));
	assert_false(hl_trust_readable(HL_TRUST_FORGED));
	assert_false(hl_trust_readable(HL_TRUST_UNMAPPED));
	assert_false(hl_trust_readable(HL_TRUST_NONE));
}

static void test_hl_trust_judge_by_the_memory(void **state)
{
	struct fake f;
	uintptr_t b;

	(void)state;
	/* Moved onto anonymous memory: no file at the text. */
	b = made(&f, "r-xp", true);
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 3, b, NULL, -1),
			 HL_TRUST_MEMORY);
	/* A segment claiming memory past what is mapped. */
	f.o.ph[1].filesz = 0x800;
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 3, b, NULL, -1),
			 HL_TRUST_UNMAPPED);
	/* The file's mappings serve only when the file was found. */
	maps(&f, "r-xp", false);
	f.o.ph[1].filesz = 0x400;
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 3, b, NULL, -1),
			 HL_TRUST_UNMAPPED);
	/* Text that is not readable does not serve. */
	b = made(&f, "--xp", true);
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 3, b, NULL, -1),
			 HL_TRUST_UNMAPPED);
	/* No headers at all. */
	assert_int_equal(hl_trust_judge(&f.maps, f.o.ph, 0, b, NULL, -1),
			 HL_TRUST_UNMAPPED);
}

static void test_hl_trust_movable(void **state)
{
	(void)state;
	assert_true(hl_trust_movable(HL_TRUST_FILE, false));
	assert_true(hl_trust_movable(HL_TRUST_FILE, true));
	assert_true(hl_trust_movable(HL_TRUST_MEMORY, true));
	assert_false(hl_trust_movable(HL_TRUST_MEMORY, false));
	assert_false(hl_trust_movable(HL_TRUST_FORGED, true));
	assert_false(hl_trust_movable(HL_TRUST_UNMAPPED, true));
	assert_false(hl_trust_movable(HL_TRUST_NONE, true));
}

static void test_hl_trust_entry(void **state)
{
	struct fake f;
	uintptr_t b;

	(void)state;
	b = made(&f, "r-xp", true);
	assert_ptr_equal(hl_trust_entry(&f.maps, f.o.ph, 3, b, HL_TRUST_FILE),
			 f.o.mem + 0x20);
	assert_ptr_equal(hl_trust_entry(&f.maps, f.o.ph, 3, b, HL_TRUST_MEMORY),
			 f.o.mem + 0x20);
	assert_null(hl_trust_entry(&f.maps, f.o.ph, 3, b, HL_TRUST_FORGED));
	assert_null(hl_trust_entry(&f.maps, f.o.ph, 3, b, HL_TRUST_UNMAPPED));
	assert_null(hl_trust_entry(&f.maps, f.o.ph, 3, b, HL_TRUST_NONE));
	/* Trusted for its memory only: the text must be mapped executable. */
	maps(&f, "r--p", true);
	assert_null(hl_trust_entry(&f.maps, f.o.ph, 3, b, HL_TRUST_MEMORY));
	assert_ptr_equal(hl_trust_entry(&f.maps, f.o.ph, 3, b, HL_TRUST_FILE),
			 f.o.mem + 0x20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hl_trust_first_file),
		cmocka_unit_test(test_hl_trust_judge_by_the_file),
		cmocka_unit_test(test_hl_trust_judge_by_the_memory),
		cmocka_unit_test(test_hl_trust_movable),
		cmocka_unit_test(test_hl_trust_entry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

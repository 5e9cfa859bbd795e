/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "elf/link.h"
#include "tests/unit/support/elf-image.h"
#include "tests/unit/support/notes.h"

static const char strtab[] = "\0libc.so.6\0libhugelink.so\0libhugelink.so.1"
			     "\0libhugelink.sox";
enum { LIBC = 1, RUNTIME = 11, RUNTIME_1 = 26, RUNTIME_X = 43 };

/*
 * A dynamic program: PT_INTERP, PT_DYNAMIC needing NEEDED (an offset in
 * strtab), and the PT_LOAD over everything.
 */
static void dynamic_image(struct img *m, uint64_t needed)
{
	static const char interp[] = "/lib64/ld-linux-x86-64.so.2";
	Elf64_Dyn dyn[4];
	uint64_t str, off;

	img_init(m, ET_DYN, 3);
	off = img_put(m, interp, sizeof(interp));
	img_set_ph(m, 0, PT_INTERP, PF_R, off, sizeof(interp));
	str = img_put(m, strtab, sizeof(strtab));
	dyn[0] = (Elf64_Dyn){ DT_NEEDED, { needed } };
	dyn[1] = (Elf64_Dyn){ DT_STRTAB, { str } };
	dyn[2] = (Elf64_Dyn){ DT_STRSZ, { sizeof(strtab) } };
	dyn[3] = (Elf64_Dyn){ DT_NULL, { 0 } };
	off = img_put(m, dyn, sizeof(dyn));
	img_set_ph(m, 1, PT_DYNAMIC, PF_R | PF_W, off, sizeof(dyn));
	img_finish(m, 2);
}

static int read_linkage(struct img *m, struct el_linkage *l)
{
	struct el_file f;
	int rc = el_open_mem(&f, "image", m->buf, m->len);

	if (!rc)
		rc = el_linkage_read(&f, l);
	el_close(&f);
	return rc;
}

static Elf64_Dyn *dyn_entry(struct img *m, int i)
{
	return (Elf64_Dyn *)(m->buf + img_ph(m, 1)->p_offset) + i;
}

static void test_el_linkage_read_finds_the_runtime(void **state)
{
	struct el_linkage l;
	struct img m;

	(void)state;
	dynamic_image(&m, RUNTIME);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_true(l.dynamic);
	assert_true(l.pie);
	assert_true(l.needs_runtime);
	assert_true(el_linked(&l));
	assert_string_equal(l.interp, "/lib64/ld-linux-x86-64.so.2");
	dynamic_image(&m, RUNTIME_1);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_true(l.needs_runtime);
}

static void test_el_linkage_read_other_libraries(void **state)
{
	struct el_linkage l;
	struct img m;

	(void)state;
	dynamic_image(&m, LIBC);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_true(l.dynamic);
	assert_false(l.needs_runtime);
	assert_false(el_linked(&l));
	dynamic_image(&m, RUNTIME_X);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_false(l.needs_runtime);
}

/* DT_SONAME marks a library (or ld.so); a program has none. */
static void test_el_linkage_read_soname(void **state)
{
	struct el_linkage l;
	struct img m;

	(void)state;
	dynamic_image(&m, LIBC);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_false(l.has_soname);
	dyn_entry(&m, 0)->d_tag = DT_SONAME;
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_true(l.has_soname);
	assert_true(l.dynamic);
}

static void test_el_linkage_read_refuses_needed_outside_strtab(void **state)
{
	struct el_linkage l;
	struct img m;

	(void)state;
	dynamic_image(&m, sizeof(strtab));
	assert_int_equal(read_linkage(&m, &l), -1);
	dynamic_image(&m, UINT64_MAX);
	assert_int_equal(read_linkage(&m, &l), -1);
}

static void test_el_linkage_read_refuses_strtab_outside_loads(void **state)
{
	struct el_linkage l;
	struct img m;

	(void)state;
	dynamic_image(&m, RUNTIME);
	dyn_entry(&m, 1)->d_un.d_ptr = 0x100000;
	assert_int_equal(read_linkage(&m, &l), -1);
	dynamic_image(&m, RUNTIME);
	dyn_entry(&m, 2)->d_un.d_val = UINT64_MAX;
	assert_int_equal(read_linkage(&m, &l), -1);
}

static void test_el_linkage_read_refuses_unterminated_interp(void **state)
{
	struct el_linkage l;
	struct img m;

	(void)state;
	dynamic_image(&m, RUNTIME);
	img_ph(&m, 0)->p_filesz = 4;
	assert_int_equal(read_linkage(&m, &l), -1);
}

static void test_el_linkage_read_static_without_symbols(void **state)
{
	struct el_linkage l;
	struct img m;

	(void)state;
	img_init(&m, ET_EXEC, 1);
	img_finish(&m, 0);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_false(l.dynamic);
	assert_false(l.pie);
	assert_false(l.has_symtab);
	assert_false(el_linked(&l));
}

static void test_el_preloads_runtime_lists(void **state)
{
	(void)state;
	assert_true(el_preloads_runtime("libhugelink.so"));
	assert_true(el_preloads_runtime("/a/b.so:/opt/lib/libhugelink.so"));
	assert_true(el_preloads_runtime("/a/b.so /opt/lib/libhugelink.so c.so"));
	assert_false(el_preloads_runtime(""));
	assert_false(el_preloads_runtime("/opt/lib/xlibhugelink.so"));
	assert_false(el_preloads_runtime("/opt/libhugelink.so.d/x.so"));
	assert_true(el_preloads_runtime("/opt/lib/libhugelink.so.1"));
	assert_true(el_preloads_runtime("a.so:libhugelink.so.1.0.0 b.so"));
	assert_false(el_preloads_runtime("/opt/lib/libhugelink.so.1x"));
	assert_false(el_preloads_runtime("/opt/lib/libhugelink.so."));
	assert_false(el_preloads_runtime("/opt/lib/libhugelink.so.1..2"));
	assert_false(el_preloads_runtime("/opt/lib/libhugelink.solid"));
}

/* A static program, stripped, whose PT_NOTE holds NOTES (N bytes). */
static void noted_image(struct img *m, const void *notes, size_t n)
{
	uint64_t off;

	img_init(m, ET_EXEC, 2);
	off = img_put(m, notes, n);
	img_set_ph(m, 0, PT_NOTE, PF_R, off, n);
	img_ph(m, 0)->p_align = 4;
	img_finish(m, 1);
}

/* The runtime's note, after others, in a stripped static program. */
static void test_el_linkage_read_finds_the_note(void **state)
{
	unsigned char notes[128];
	struct el_linkage l;
	struct img m;
	size_t n = 0;

	(void)state;
	put_note(notes, &n, 4, NT_GNU_ABI_TAG, "GNU", "\0\0\0\0", 4);
	noted_image(&m, notes, n);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_false(l.has_note);
	assert_false(el_embeds(&l));
	put_note(notes, &n, 4, HL_NOTE_RUNTIME, HL_NOTE_OWNER, "1.2.3", 6);
	noted_image(&m, notes, n);
	assert_int_equal(read_linkage(&m, &l), 0);
	assert_false(l.dynamic);
	assert_false(l.has_symtab);
	assert_true(l.has_note);
	assert_string_equal(l.version, "1.2.3");
	assert_true(el_embeds(&l));
	assert_true(el_linked(&l));
	assert_false(l.needs_runtime);
}

/* A note that runs past its segment makes the file malformed: refused,
 * with a message naming the cause. */
static void test_el_linkage_read_refuses_a_cut_note(void **state)
{
	unsigned char notes[128];
	struct el_linkage l;
	struct img m;
	size_t n = 0;

	(void)state;
	put_note(notes, &n, 4, HL_NOTE_RUNTIME, HL_NOTE_OWNER, "1.2.3", 6);
	noted_image(&m, notes, n);
	img_ph(&m, 0)->p_filesz = n - 4;
	assert_int_equal(read_linkage(&m, &l), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_el_linkage_read_finds_the_runtime),
		cmocka_unit_test(test_el_linkage_read_other_libraries),
		cmocka_unit_test(test_el_linkage_read_soname),
		cmocka_unit_test(
			test_el_linkage_read_refuses_needed_outside_strtab),
		cmocka_unit_test(
			test_el_linkage_read_refuses_strtab_outside_loads),
		cmocka_unit_test(
			test_el_linkage_read_refuses_unterminated_interp),
		cmocka_unit_test(test_el_linkage_read_static_without_symbols),
		cmocka_unit_test(test_el_preloads_runtime_lists),
		cmocka_unit_test(test_el_linkage_read_finds_the_note),
		cmocka_unit_test(test_el_linkage_read_refuses_a_cut_note),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

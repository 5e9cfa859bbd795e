/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/file.h"
#include "linker/edit.h"
#include "tests/unit/support/elf-image.h"

#define MIB2 0x200000

/* M written to a temporary file, whose path is left in PATH. */
static void put_file(char *path, const struct img *m)
{
	int fd;

	strcpy(path, "/tmp/hl-edit-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, m->buf, m->len), (ssize_t)m->len);
	assert_int_equal(close(fd), 0);
}

/* Edit the output at PATH with E, through its directory. */
static int edit_path(const char *path, const struct lw_edit *e)
{
	struct lw_output o;
	int rc;

	assert_int_equal(lw_output_hold(&o, path), 0);
	rc = lw_edit_output(&o, e);
	lw_output_release(&o);
	return rc;
}

/* Edit M as an output with E; F is the result, read back. */
static void edit(struct el_file *f, const struct img *m, size_t base_align,
		 enum lw_flag flag)
{
	const struct lw_edit e = { .base_align = base_align, .flag = flag };
	char path[32];

	put_file(path, m);
	assert_int_equal(edit_path(path, &e), 0);
	assert_int_equal(el_open(f, path), 0);
	unlink(path);
}

static void test_lw_edit_output_aligns_the_base_of_et_dyn(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_program(&m);
	edit(&f, &m, MIB2, LW_FLAG_NONE);
	assert_int_equal(f.ph[0].align, MIB2);
	assert_int_equal(f.ph[1].align, 0x1000);
	assert_int_equal(f.ph[0].flags, PF_R | PF_X);
	assert_int_equal(f.ph[1].flags, PF_R | PF_W);
	el_close(&f);
}

static void test_lw_edit_output_leaves_the_align_of_et_exec(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_program(&m);
	img_ehdr(&m)->e_type = ET_EXEC;
	edit(&f, &m, MIB2, LW_FLAG_NONE);
	assert_int_equal(f.ph[0].align, 0x1000);
	el_close(&f);
}

static void test_lw_edit_output_flags_bss_alone(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_program(&m);
	edit(&f, &m, 0, LW_FLAG_BSS);
	assert_int_equal(f.ph[0].flags, PF_R | PF_X);
	assert_int_equal(f.ph[1].flags, PF_R | PF_W | HL_PF_HUGETLB);
	assert_int_equal(f.ph[0].align, 0x1000);
	el_close(&f);
}

/* A 32-bit big-endian output, both fields at once. */
static void test_lw_edit_output_flags_all_in_a_32_bit_msb_file(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_program(&m);
	img_recode(&m, ELFCLASS32, ELFDATA2MSB);
	edit(&f, &m, MIB2, LW_FLAG_ALL);
	assert_int_equal(f.eh.cls, ELFCLASS32);
	assert_int_equal(f.ph[0].flags, PF_R | PF_X | HL_PF_HUGETLB);
	assert_int_equal(f.ph[1].flags, PF_R | PF_W | HL_PF_HUGETLB);
	assert_int_equal(f.ph[0].align, MIB2);
	el_close(&f);
}

static void test_lw_edit_output_refuses_what_is_not_elf(void **state)
{
	const struct lw_edit e = { .base_align = MIB2, .flag = LW_FLAG_ALL };
	struct img m = { .len = 16 };
	char path[32];

	(void)state;
	memcpy(m.buf, "not a program\n", 14);
	put_file(path, &m);
	assert_int_equal(edit_path(path, &e), -1);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lw_edit_output_aligns_the_base_of_et_dyn),
		cmocka_unit_test(
			test_lw_edit_output_leaves_the_align_of_et_exec),
		cmocka_unit_test(test_lw_edit_output_flags_bss_alone),
		cmocka_unit_test(
			test_lw_edit_output_flags_all_in_a_32_bit_msb_file),
		cmocka_unit_test(test_lw_edit_output_refuses_what_is_not_elf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "elf/write.h"
#include "tests/unit/support/elf-image.h"

/* When set, pwrite reports success and writes nothing. */
static bool drop_writes;

ssize_t __real_pwrite(int fd, const void *buf, size_t n, off_t off);
ssize_t __wrap_pwrite(int fd, const void *buf, size_t n, off_t off);
ssize_t __wrap_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	return drop_writes ? (ssize_t)n : __real_pwrite(fd, buf, n, off);
}

/* M in a memory file, opened as F; returns the descriptor. */
static int open_image(struct el_file *f, const struct img *m)
{
	int fd = memfd_create("image", 0);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, m->buf, m->len), (ssize_t)m->len);
	assert_int_equal(el_open_fd(f, "image", fd), 0);
	return fd;
}

/* The file on FD holds exactly the bytes of M. */
static void assert_file_is(int fd, const struct img *m)
{
	unsigned char back[sizeof(m->buf)];

	assert_int_equal(pread(fd, back, sizeof(back), 0), (ssize_t)m->len);
	assert_memory_equal(back, m->buf, m->len);
}

/* F's headers, to be edited; the caller frees them. */
static struct hl_phdr *copy_phdrs(const struct el_file *f)
{
	struct hl_phdr *want = calloc(f->eh.phnum, sizeof(*want));

	assert_non_null(want);
	memcpy(want, f->ph, f->eh.phnum * sizeof(*want));
	return want;
}

static void test_el_write_phdrs_changes_only_the_flags(void **state)
{
	unsigned char back[sizeof(((struct img *)0)->buf)];
	struct hl_phdr *want;
	struct el_file f;
	struct img m;
	int fd, diff = 0;

	(void)state;
	img_program(&m);
	fd = open_image(&f, &m);
	want = copy_phdrs(&f);
	want[0].flags |= HL_PF_HUGETLB;
	assert_int_equal(el_write_phdrs(&f, fd, want), 0);
	el_close(&f);
	assert_int_equal(pread(fd, back, m.len, 0), (ssize_t)m.len);
	for (size_t i = 0; i < m.len; i++)
		diff += back[i] != m.buf[i];
	assert_int_equal(diff, 1);
	assert_int_equal(el_open_fd(&f, "image", fd), 0);
	assert_int_equal(f.ph[0].flags, want[0].flags);
	el_close(&f);
	free(want);
	close(fd);
}

/*
 * In each class and byte order, the edited file is byte for byte the
 * image built with the new values from the start.
 */
static void test_el_write_phdrs_each_class_and_byte_order(void **state)
{
	static const int forms[][2] = {
		{ ELFCLASS64, ELFDATA2LSB }, { ELFCLASS64, ELFDATA2MSB },
		{ ELFCLASS32, ELFDATA2LSB }, { ELFCLASS32, ELFDATA2MSB },
	};
	struct hl_phdr *want;
	struct el_file f;
	struct img m, after;
	int fd;

	(void)state;
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		img_program(&m);
		img_program(&after);
		img_ph(&after, 0)->p_align = 0x200000;
		img_ph(&after, 1)->p_flags |= HL_PF_HUGETLB;
		img_recode(&m, forms[i][0], forms[i][1]);
		img_recode(&after, forms[i][0], forms[i][1]);
		fd = open_image(&f, &m);
		want = copy_phdrs(&f);
		want[0].align = 0x200000;
		want[1].flags |= HL_PF_HUGETLB;
		assert_int_equal(el_write_phdrs(&f, fd, want), 0);
		assert_file_is(fd, &after);
		el_close(&f);
		free(want);
		close(fd);
	}
}

/* An edit that is refused writes nothing. */
static void assert_refused(const struct img *m,
			   void (*change)(struct hl_phdr *))
{
	struct hl_phdr *want;
	struct el_file f;
	int fd = open_image(&f, m);

	want = copy_phdrs(&f);
	change(want);
	assert_int_equal(el_write_phdrs(&f, fd, want), -1);
	assert_file_is(fd, m);
	el_close(&f);
	free(want);
	close(fd);
}

static void move_bss(struct hl_phdr *want)
{
	want[1].vaddr += 0x1000;
}

static void align_not_power_of_two(struct hl_phdr *want)
{
	want[0].align = 0x3000;
}

/* The bss segment lies at 0x1000 from file offset 0: not 2 MiB apart. */
static void align_beyond_vaddr(struct hl_phdr *want)
{
	want[1].align = 0x200000;
}

static void align_beyond_32_bits(struct hl_phdr *want)
{
	want[0].align = 1ull << 32;
}

static void test_el_write_phdrs_refuses_fields_other_than_flags_and_align(
	void **state)
{
	struct img m;

	(void)state;
	img_program(&m);
	assert_refused(&m, move_bss);
}

static void test_el_write_phdrs_refuses_an_invalid_align(void **state)
{
	struct img m;

	(void)state;
	img_program(&m);
	assert_refused(&m, align_not_power_of_two);
	assert_refused(&m, align_beyond_vaddr);
	img_recode(&m, ELFCLASS32, ELFDATA2LSB);
	assert_refused(&m, align_beyond_32_bits);
}

/* The section header table starts inside the program header table. */
static void test_el_write_phdrs_refuses_a_table_over_the_sections(
	void **state)
{
	struct img m;

	(void)state;
	img_program(&m);
	img_ehdr(&m)->e_shoff = sizeof(Elf64_Ehdr) + sizeof(Elf64_Phdr);
	img_ehdr(&m)->e_shentsize = sizeof(Elf64_Shdr);
	img_ehdr(&m)->e_shnum = 1;
	assert_refused(&m, align_not_power_of_two);
}

static void test_el_write_phdrs_notices_a_write_that_did_not_land(
	void **state)
{
	struct hl_phdr *want;
	struct el_file f;
	struct img m;
	int fd;

	(void)state;
	img_program(&m);
	fd = open_image(&f, &m);
	want = copy_phdrs(&f);
	want[1].flags |= HL_PF_HUGETLB;
	drop_writes = true;
	assert_int_equal(el_write_phdrs(&f, fd, want), -1);
	drop_writes = false;
	assert_file_is(fd, &m);
	el_close(&f);
	free(want);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_el_write_phdrs_changes_only_the_flags),
		cmocka_unit_test(test_el_write_phdrs_each_class_and_byte_order),
		cmocka_unit_test(
			test_el_write_phdrs_refuses_fields_other_than_flags_and_align),
		cmocka_unit_test(test_el_write_phdrs_refuses_an_invalid_align),
		cmocka_unit_test(
			test_el_write_phdrs_refuses_a_table_over_the_sections),
		cmocka_unit_test(
			test_el_write_phdrs_notices_a_write_that_did_not_land),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

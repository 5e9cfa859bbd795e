/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/file.h"
#include "tests/unit/support/elf-image.h"

static void test_el_open_mem_reads_phdrs(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_init(&m, ET_EXEC, 2);
	img_set_ph(&m, 0, PT_GNU_STACK, PF_R | PF_W, 0, 0);
	img_finish(&m, 1);
	assert_int_equal(el_open_mem(&f, "image", m.buf, m.len), 0);
	assert_int_equal(f.eh.phnum, 2);
	assert_int_equal(f.eh.cls, ELFCLASS64);
	assert_int_equal(f.machine, EM_X86_64);
	assert_int_equal(f.ph[1].type, PT_LOAD);
	assert_int_equal(f.ph[1].filesz, m.len);
	assert_int_equal(el_next_load(&f, 0), 1);
	assert_int_equal(el_next_load(&f, 2), 2);
	el_close(&f);
}

static void test_el_open_mem_reads_big_endian(void **state)
{
	unsigned char buf[sizeof(Elf32_Ehdr) + sizeof(Elf32_Phdr)] = { 0 };
	Elf32_Ehdr *e = (Elf32_Ehdr *)buf;
	Elf32_Phdr *p = (Elf32_Phdr *)(buf + sizeof(*e));
	struct el_file f;

	(void)state;
	memcpy(e->e_ident, ELFMAG, SELFMAG);
	e->e_ident[EI_CLASS] = ELFCLASS32;
	e->e_ident[EI_DATA] = ELFDATA2MSB;
	e->e_ident[EI_VERSION] = EV_CURRENT;
	e->e_type = __builtin_bswap16(ET_EXEC);
	e->e_version = __builtin_bswap32(EV_CURRENT);
	e->e_ehsize = __builtin_bswap16(sizeof(*e));
	e->e_phoff = __builtin_bswap32(sizeof(*e));
	e->e_phentsize = __builtin_bswap16(sizeof(*p));
	e->e_phnum = __builtin_bswap16(1);
	p->p_type = __builtin_bswap32(PT_LOAD);
	p->p_flags = __builtin_bswap32(PF_R | PF_X);
	p->p_vaddr = __builtin_bswap32(0x10000);
	p->p_filesz = p->p_memsz = __builtin_bswap32(sizeof(buf));
	p->p_align = __builtin_bswap32(0x10000);
	assert_int_equal(el_open_mem(&f, "be32", buf, sizeof(buf)), 0);
	assert_int_equal(f.eh.cls, ELFCLASS32);
	assert_int_equal(f.ph[0].vaddr, 0x10000);
	assert_int_equal(f.ph[0].flags, PF_R | PF_X);
	el_close(&f);
}

static void test_el_open_mem_refuses_garbage_class(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_init(&m, ET_EXEC, 1);
	img_finish(&m, 0);
	m.buf[EI_CLASS] = 7;
	assert_int_equal(el_open_mem(&f, "image", m.buf, m.len), -1);
	el_close(&f);
}

static void test_el_open_mem_refuses_class_mismatch(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_init(&m, ET_EXEC, 1);
	img_finish(&m, 0);
	m.buf[EI_CLASS] = ELFCLASS32;
	assert_int_equal(el_open_mem(&f, "image", m.buf, m.len), -1);
	el_close(&f);
}

static void test_el_open_mem_refuses_truncation(void **state)
{
	static const size_t lens[] = { 0, 3, 10, 40, 63, 64, 100, 175 };
	struct el_file f;
	struct img m;

	(void)state;
	img_init(&m, ET_EXEC, 2);
	img_finish(&m, 1);
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		assert_int_equal(el_open_mem(&f, "image", m.buf, lens[i]), -1);
		el_close(&f);
	}
}

static void test_el_open_mem_refuses_bad_load(void **state)
{
	struct el_file f;
	struct img m;

	(void)state;
	img_init(&m, ET_DYN, 1);
	img_finish(&m, 0);
	img_ph(&m, 0)->p_filesz = m.len + 1;
	img_ph(&m, 0)->p_memsz = m.len + 1;
	assert_int_equal(el_open_mem(&f, "image", m.buf, m.len), -1);
	el_close(&f);
}

static void test_el_open_refuses_directory_and_missing(void **state)
{
	struct el_file f;

	(void)state;
	assert_int_equal(el_open(&f, "/"), -1);
	el_close(&f);
	assert_int_equal(el_open(&f, "/nonexistent/hugelink"), -1);
	el_close(&f);
}

/* A quiet open says nothing on standard error and leaves the cause, a
 * missing file's or a file's that is not ELF, for the caller. */
static void test_el_open_quiet_keeps_the_cause(void **state)
{
	char text[] = "/tmp/hl-quiet-text.XXXXXX";
	char said[] = "/tmp/hl-quiet-said.XXXXXX";
	int fd = mkstemp(text), err = mkstemp(said), saved = dup(2);
	struct el_file f;
	struct stat st;

	(void)state;
	assert_true(fd >= 0 && err >= 0 && saved >= 0);
	assert_int_equal(write(fd, "#!/bin/sh\n", 10), 10);
	close(fd);
	assert_int_equal(dup2(err, 2), 2);
	assert_int_equal(el_open_quiet(&f, "/nonexistent/hugelink", "gone"),
			 -1);
	assert_string_equal(f.why, "No such file or directory");
	el_close(&f);
	assert_int_equal(el_open_quiet(&f, text, "text"), -1);
	assert_non_null(strstr(f.why, "not an ELF file"));
	el_close(&f);
	assert_int_equal(dup2(saved, 2), 2);
	assert_int_equal(fstat(err, &st), 0);
	assert_int_equal(st.st_size, 0);
	close(err);
	close(saved);
	unlink(text);
	unlink(said);
}

/* A file with the magic number, one without, one too short, and a pipe. */
static void test_el_starts_elf(void **state)
{
	char name[] = "/tmp/hl-starts-elf.XXXXXX";
	int fd = mkstemp(name), p[2];

	(void)state;
	assert_true(fd >= 0);
	unlink(name);
	assert_int_equal(write(fd, ELFMAG, 3), 3);
	assert_false(el_starts_elf(fd));
	assert_int_equal(write(fd, &ELFMAG[3], 1), 1);
	assert_true(el_starts_elf(fd));
	assert_int_equal(pwrite(fd, "#!", 2, 0), 2);
	assert_false(el_starts_elf(fd));
	close(fd);
	assert_int_equal(pipe(p), 0);
	assert_int_equal(write(p[1], ELFMAG, SELFMAG), SELFMAG);
	assert_false(el_starts_elf(p[0]));
	close(p[0]);
	close(p[1]);
}

/* By path: a FIFO with no writer is no ELF file and is not waited on. */
static void test_el_path_starts_elf(void **state)
{
	char dir[] = "/tmp/hl-path-elf.XXXXXX", fifo[64];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_false(el_path_starts_elf(fifo));
	unlink(fifo);
	assert_false(el_path_starts_elf(fifo));
	rmdir(dir);
	assert_true(el_path_starts_elf("/proc/self/exe"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_el_open_mem_reads_phdrs),
		cmocka_unit_test(test_el_open_mem_reads_big_endian),
		cmocka_unit_test(test_el_open_mem_refuses_garbage_class),
		cmocka_unit_test(test_el_open_mem_refuses_class_mismatch),
		cmocka_unit_test(test_el_open_mem_refuses_truncation),
		cmocka_unit_test(test_el_open_mem_refuses_bad_load),
		cmocka_unit_test(test_el_open_refuses_directory_and_missing),
		cmocka_unit_test(test_el_open_quiet_keeps_the_cause),
		cmocka_unit_test(test_el_starts_elf),
		cmocka_unit_test(test_el_path_starts_elf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

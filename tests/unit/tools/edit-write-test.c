#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/unit/tools/elf-image.h"
#include "tools/edit-write.h"

/*
 * A program image with no section headers and bytes after everything
 * else, which libelf's own writer would drop: a text PT_LOAD over the
 * file and a bss-only PT_LOAD after it.
 */
static void program(struct img *m)
{
	static const char tail[] = "trailing bytes no section covers";

	img_init(m, ET_DYN, 2);
	img_put(m, tail, sizeof(tail));
	img_finish(m, 0);
	img_set_ph(m, 1, PT_LOAD, PF_R | PF_W, 0, 0);
	img_ph(m, 1)->p_vaddr = img_ph(m, 1)->p_paddr = 0x1000;
	img_ph(m, 1)->p_memsz = 0x2000;
}

static int write_file(int dirfd, const char *name, const void *buf,
		      size_t len, mode_t mode)
{
	int fd = openat(dirfd, name, O_RDWR | O_CREAT | O_TRUNC, mode);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	assert_int_equal(fchmod(fd, mode), 0);
	return fd;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while ((e = readdir(d)))
		n += e->d_name[0] != '.' || e->d_name[1] > '.';
	closedir(d);
	return n;
}

static void test_ed_patch_changes_only_the_flags(void **state)
{
	unsigned char back[sizeof(((struct img *)0)->buf)];
	uint32_t flags[2];
	struct tl_elf f;
	struct img m;
	int fd = memfd_create("image", 0), diff = 0;

	(void)state;
	program(&m);
	assert_int_equal(write(fd, m.buf, m.len), (ssize_t)m.len);
	assert_int_equal(tl_elf_open_fd(&f, "image", fd), 0);
	flags[0] = f.ph[0].flags | HL_PF_HUGETLB;
	flags[1] = f.ph[1].flags;
	assert_int_equal(ed_patch(&f, fd, flags), 0);
	tl_elf_close(&f);
	assert_int_equal(pread(fd, back, m.len, 0), (ssize_t)m.len);
	for (size_t i = 0; i < m.len; i++)
		diff += back[i] != m.buf[i];
	assert_int_equal(diff, 1);
	assert_int_equal(tl_elf_open_fd(&f, "image", fd), 0);
	assert_int_equal(f.ph[0].flags, flags[0]);
	tl_elf_close(&f);
	close(fd);
}

static void test_ed_replace_keeps_mode_and_leaves_no_copy(void **state)
{
	char dir[] = "/tmp/hl-edit-XXXXXX";
	uint32_t flags[2];
	struct tl_elf f;
	struct stat st;
	struct img m;
	int dirfd, fd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	dirfd = open(dir, O_RDONLY | O_DIRECTORY);
	program(&m);
	fd = write_file(dirfd, "prog", m.buf, m.len, 02751);
	assert_int_equal(tl_elf_open_fd(&f, "prog", fd), 0);
	flags[0] = f.ph[0].flags;
	flags[1] = f.ph[1].flags | HL_PF_HUGETLB;
	assert_int_equal(ed_replace(&f, dirfd, "prog", flags), 0);
	tl_elf_close(&f);
	close(fd);
	assert_int_equal(fstatat(dirfd, "prog", &st, 0), 0);
	assert_int_equal(st.st_mode & 07777, 02751);
	assert_int_equal(st.st_size, (off_t)m.len);
	assert_int_equal(count_entries(dir), 1);
	fd = openat(dirfd, "prog", O_RDONLY);
	assert_int_equal(tl_elf_open_fd(&f, "prog", fd), 0);
	assert_int_equal(f.ph[1].flags, PF_R | PF_W | HL_PF_HUGETLB);
	tl_elf_close(&f);
	close(fd);
	unlinkat(dirfd, "prog", 0);
	close(dirfd);
	rmdir(dir);
}

static void test_ed_replace_refuses_a_swapped_name(void **state)
{
	char dir[] = "/tmp/hl-edit-XXXXXX";
	uint32_t flags[2];
	struct tl_elf f;
	struct stat st;
	struct img m;
	int dirfd, fd, other;

	(void)state;
	assert_non_null(mkdtemp(dir));
	dirfd = open(dir, O_RDONLY | O_DIRECTORY);
	program(&m);
	fd = write_file(dirfd, "prog", m.buf, m.len, 0755);
	assert_int_equal(tl_elf_open_fd(&f, "prog", fd), 0);
	other = write_file(dirfd, "other", "not a program", 13, 0644);
	assert_int_equal(renameat(dirfd, "other", dirfd, "prog"), 0);
	flags[0] = f.ph[0].flags | HL_PF_HUGETLB;
	flags[1] = f.ph[1].flags;
	assert_int_equal(ed_replace(&f, dirfd, "prog", flags), -1);
	tl_elf_close(&f);
	assert_int_equal(fstatat(dirfd, "prog", &st, 0), 0);
	assert_int_equal(st.st_size, 13);
	assert_int_equal(count_entries(dir), 1);
	close(fd);
	close(other);
	unlinkat(dirfd, "prog", 0);
	close(dirfd);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ed_patch_changes_only_the_flags),
		cmocka_unit_test(test_ed_replace_keeps_mode_and_leaves_no_copy),
		cmocka_unit_test(test_ed_replace_refuses_a_swapped_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

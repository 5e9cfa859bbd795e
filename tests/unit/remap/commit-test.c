/* SPDX-License-Identifier: MIT */
/*
 * remap_commit_run on ordinary anonymous memory: the copy, the swap, the
 * recovery paths and the fatal path, against the real kernel.  Huge pages
 * are not needed to check this logic; the integration tests do the rest.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "remap/remap.h"

#define PAGES 8

struct fixture {
	struct remap_commit c;
	uint64_t pm[64];
	size_t pg;
	char *target, *scratch;
};

static char *map(size_t len)
{
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_true(p != MAP_FAILED);
	return p;
}

/* A writable range of PAGES pages: data in page 0, bss from page 1 on. */
static void setup(struct fixture *f, int live)
{
	struct remap_range *s = &f->c.swap[0];

	memset(f, 0, sizeof(*f));
	f->pg = (size_t)sysconf(_SC_PAGESIZE);
	f->target = map(PAGES * f->pg);
	f->scratch = map(PAGES * f->pg);
	memset(f->target, 'd', f->pg);		/* data */
	f->target[3 * f->pg] = 'b';		/* one bss page in use */
	f->scratch[7 * f->pg + 5] = 'S';	/* marks the scratch copy */
	f->c.base = f->pg;
	f->c.pm_buf = f->pm;
	f->c.pm_len = 64;
	f->c.pagemap_fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	f->c.prog_fd = -1;
	f->c.nswap = 1;
	s->target = (uintptr_t)f->target;
	s->scratch = (uintptr_t)f->scratch;
	s->len = PAGES * f->pg;
	s->prot = PROT_READ | PROT_WRITE;
	s->fd = -1;
	s->ncopy = 1;
	s->live = live;
	s->source = REMAP_FROM_USED;
	s->copy[0].start = s->target;
	s->copy[0].sparse = s->target + f->pg;
	s->copy[0].end = s->target + 6 * f->pg;
	s->copy[0].file_off = -1;
	memcpy(f->c.fatal, "fatal: ", 7);
	f->c.fatal_len = 7;
	f->c.fatal_fd = 2;
}

static void teardown(struct fixture *f)
{
	if (f->c.pagemap_fd >= 0)
		close(f->c.pagemap_fd);
	munmap(f->target, PAGES * f->pg);
	if (f->c.swap[0].err)
		munmap(f->scratch, PAGES * f->pg);
}

static void test_remap_commit_run_swaps_and_keeps_data(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 1);
	assert_int_equal(remap_commit_run(&f.c), 0);
	assert_int_equal(f.c.swap[0].err, 0);
	assert_int_equal(f.target[7 * f.pg + 5], 'S');	/* the scratch now */
	assert_int_equal(f.target[0], 'd');
	assert_int_equal(f.target[f.pg - 1], 'd');
	assert_int_equal(f.target[3 * f.pg], 'b');
	/* Only the data page and the bss page in use were copied. */
	assert_int_equal(f.c.swap[0].copied, 2 * f.pg);
	teardown(&f);
}

/*
 * A file-backed part: untouched pages come from the file, the page the
 * program wrote to from memory.
 */
static void test_remap_commit_run_reads_untouched_pages_from_file(void **state)
{
	struct fixture f;
	char path[] = "/tmp/hl-commit-test.XXXXXX", *file;
	int fd;

	(void)state;
	setup(&f, 1);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	unlink(path);
	file = calloc(1, 4 * f.pg);
	memset(file, 'f', 4 * f.pg);
	assert_int_equal(write(fd, file, 4 * f.pg), (ssize_t)(4 * f.pg));
	/* The target's first 4 pages: the file, mapped privately. */
	assert_true(mmap(f.target, 4 * f.pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_FIXED, fd, 0) == f.target);
	f.target[2 * f.pg] = 'w';		/* one page written */
	f.c.prog_fd = fd;
	f.c.swap[0].copy[0].sparse = (uintptr_t)f.target + 4 * f.pg;
	f.c.swap[0].copy[0].file_off = 0;
	assert_int_equal(remap_commit_run(&f.c), 0);
	assert_int_equal(f.target[0], 'f');
	assert_int_equal(f.target[f.pg], 'f');
	assert_int_equal(f.target[2 * f.pg], 'w');
	assert_int_equal(f.target[2 * f.pg + 1], 'f');
	assert_int_equal(f.target[4 * f.pg - 1], 'f');
	assert_int_equal(f.target[5 * f.pg], 0);
	assert_int_equal(f.c.swap[0].copied, 4 * f.pg);
	close(fd);
	free(file);
	teardown(&f);
}

/*
 * A file of LEN bytes of 'f', mapped privately over the first pages of
 * F's target (PROT_READ | PROT_WRITE); returns its descriptor.
 */
static int map_file_over_target(struct fixture *f, size_t len)
{
	char path[] = "/tmp/hl-commit-test.XXXXXX", *file;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	unlink(path);
	file = malloc(len);
	memset(file, 'f', len);
	assert_int_equal(write(fd, file, len), (ssize_t)len);
	free(file);
	assert_true(mmap(f->target, (len + f->pg - 1) / f->pg * f->pg,
			 PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd,
			 0) == f->target);
	f->c.prog_fd = fd;
	return fd;
}

/*
 * A read-only range as prepare copies it: four pages of the file, one
 * read (present, still the file's page), one written (a breakpoint), two
 * never touched.  SOURCE decides what happens to the one written.
 */
static char copy_read_only(struct fixture *f, enum remap_source source)
{
	struct remap_range *s = &f->c.swap[0];
	volatile char read_it;
	int fd;

	setup(f, 0);
	fd = map_file_over_target(f, 4 * f->pg);
	read_it = f->target[f->pg];
	(void)read_it;
	f->target[2 * f->pg + 7] = (char)0xcc;
	s->source = source;
	s->copy[0].end = s->copy[0].sparse = s->target + 4 * f->pg;
	s->copy[0].file_off = 0;
	assert_int_equal(remap_copy_pages(&f->c, s), 4 * f->pg);
	assert_int_equal(f->scratch[0], 'f');
	assert_int_equal(f->scratch[f->pg], 'f');
	assert_int_equal(f->scratch[3 * f->pg + 9], 'f');
	assert_int_equal(f->scratch[2 * f->pg + 6], 'f');
	close(fd);
	return f->scratch[2 * f->pg + 7];
}

/* The page a debugger or a patch wrote comes from memory, all it holds. */
static void test_remap_copy_pages_written_keeps_breakpoints(void **state)
{
	struct fixture f;

	(void)state;
	assert_int_equal(copy_read_only(&f, REMAP_FROM_WRITTEN), (char)0xcc);
	teardown(&f);
}

/*
 * From the file: every page from the file, whatever memory holds (prepare
 * asks for it only where no page was written).
 */
static void test_remap_copy_pages_file_drops_what_was_written(void **state)
{
	struct fixture f;

	(void)state;
	assert_int_equal(copy_read_only(&f, REMAP_FROM_FILE), 'f');
	teardown(&f);
}

/* Without pagemap, pages written are still taken from memory. */
static void test_remap_copy_pages_written_without_pagemap(void **state)
{
	struct fixture f;
	int fd;

	(void)state;
	setup(&f, 0);
	close(f.c.pagemap_fd);
	f.c.pagemap_fd = -1;
	fd = map_file_over_target(&f, 2 * f.pg);
	f.target[f.pg] = 'w';
	f.c.swap[0].source = REMAP_FROM_WRITTEN;
	f.c.swap[0].copy[0].end = f.c.swap[0].copy[0].sparse =
		f.c.swap[0].target + 2 * f.pg;
	f.c.swap[0].copy[0].file_off = 0;
	remap_copy_pages(&f.c, &f.c.swap[0]);
	assert_int_equal(f.scratch[f.pg], 'w');
	assert_int_equal(f.scratch[0], 'f');
	close(fd);
	teardown(&f);
}

/*
 * A file that ends inside the range's last page: its bytes from the
 * file, the rest of the page from memory, which holds zeros there.
 */
static void test_remap_copy_pages_file_ends_inside_a_page(void **state)
{
	struct fixture f;
	size_t len;
	int fd;

	(void)state;
	setup(&f, 0);
	len = 2 * f.pg + f.pg / 2;
	fd = map_file_over_target(&f, len);
	memset(f.scratch, 'x', 3 * f.pg);
	f.c.swap[0].source = REMAP_FROM_FILE;
	f.c.swap[0].copy[0].end = f.c.swap[0].copy[0].sparse =
		f.c.swap[0].target + 3 * f.pg;
	f.c.swap[0].copy[0].file_off = 0;
	assert_int_equal(remap_copy_pages(&f.c, &f.c.swap[0]), 3 * f.pg);
	assert_int_equal(f.scratch[len - 1], 'f');
	assert_int_equal(f.scratch[len], 0);
	assert_int_equal(f.scratch[3 * f.pg - 1], 0);
	close(fd);
	teardown(&f);
}

/*
 * With the file's bytes mapped for part of the file part, those come
 * from the mapping, and the rest from reading the file.
 */
static void test_remap_copy_pages_file_from_its_mapping(void **state)
{
	struct fixture f;
	struct remap_copy *k;
	char *mapped;
	int fd;

	(void)state;
	setup(&f, 0);
	fd = map_file_over_target(&f, 3 * f.pg);
	/* What the mapping holds differs from the file, to tell them apart. */
	mapped = map(2 * f.pg);
	memset(mapped, 'm', 2 * f.pg);
	k = &f.c.swap[0].copy[0];
	f.c.swap[0].source = REMAP_FROM_FILE;
	k->end = k->sparse = f.c.swap[0].target + 3 * f.pg;
	k->file_off = 0;
	k->map = (uintptr_t)mapped;
	k->map_end = f.c.swap[0].target + 2 * f.pg;
	assert_int_equal(remap_copy_pages(&f.c, &f.c.swap[0]), 3 * f.pg);
	assert_int_equal(f.scratch[0], 'm');
	assert_int_equal(f.scratch[2 * f.pg - 1], 'm');
	assert_int_equal(f.scratch[2 * f.pg], 'f');
	assert_int_equal(f.scratch[3 * f.pg - 1], 'f');
	munmap(mapped, 2 * f.pg);
	close(fd);
	teardown(&f);
}

/* HUGETLB_MINIMAL_COPY=no: every page from memory, pagemap or not. */
static void test_remap_commit_run_copies_all_when_asked(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 1);
	f.c.swap[0].source = REMAP_FROM_ALL;
	assert_int_equal(remap_commit_run(&f.c), 0);
	assert_int_equal(f.c.swap[0].copied, 6 * f.pg);
	assert_int_equal(f.target[3 * f.pg], 'b');
	teardown(&f);
}

static void test_remap_commit_run_copies_all_without_pagemap(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 1);
	close(f.c.pagemap_fd);
	f.c.pagemap_fd = -1;
	assert_int_equal(remap_commit_run(&f.c), 0);
	assert_int_equal(f.c.swap[0].copied, 6 * f.pg);
	assert_int_equal(f.target[3 * f.pg], 'b');
	teardown(&f);
}

static void test_remap_commit_run_failed_swap_keeps_old_pages(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 1);
	f.c.fault = REMAP_FAULT_SWAP;
	assert_int_equal(remap_commit_run(&f.c), 1);
	assert_true(f.c.swap[0].err < 0);
	assert_int_equal(f.c.swap[0].recovered, 0);
	assert_int_equal(f.target[7 * f.pg + 5], 0);	/* still the old one */
	assert_int_equal(f.target[3 * f.pg], 'b');
	teardown(&f);
}

static void test_remap_commit_run_recovers_unmapped_range(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 1);
	f.c.fault = REMAP_FAULT_SWAP_UNMAPPED;
	assert_int_equal(remap_commit_run(&f.c), 1);
	assert_int_equal(f.c.swap[0].recovered, 1);
	assert_int_equal(f.target[0], 'd');
	assert_int_equal(f.target[f.pg - 1], 'd');
	assert_int_equal(f.target[3 * f.pg], 'b');
	f.target[5 * f.pg] = 'w';			/* writable again */
	teardown(&f);
}

static void test_remap_commit_run_read_only_range(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 0);
	/* Prepare copied a read-only range already; commit only swaps. */
	memcpy(f.scratch, f.target, PAGES * f.pg);
	mprotect(f.scratch, PAGES * f.pg, PROT_READ);
	mprotect(f.target, PAGES * f.pg, PROT_READ);
	f.c.swap[0].prot = PROT_READ;
	f.c.fault = REMAP_FAULT_SWAP_UNMAPPED;
	assert_int_equal(remap_commit_run(&f.c), 1);
	assert_int_equal(f.c.swap[0].copied, 0);
	assert_int_equal(f.c.swap[0].recovered, 1);
	assert_int_equal(f.target[3 * f.pg], 'b');
	teardown(&f);
}

/* With THP usable, a swap that failed in place is restored anyway. */
static void test_remap_commit_run_failed_swap_restores_for_thp(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 1);
	f.c.recover_thp = 1;
	f.c.fault = REMAP_FAULT_SWAP;
	assert_int_equal(remap_commit_run(&f.c), 1);
	assert_int_equal(f.c.swap[0].recovered, 1);
	assert_int_equal(f.target[0], 'd');
	assert_int_equal(f.target[3 * f.pg], 'b');
	assert_int_equal(f.target[7 * f.pg + 5], 0);	/* not the scratch */
	f.target[5 * f.pg] = 'w';			/* writable */
	teardown(&f);
}

/*
 * A read-only range whose file, PAGES pages of 'F', is swapped in with
 * FAULT: the file ends up mapped over the target, privately.
 */
static void file_over_target(enum remap_fault fault)
{
	char path[] = "/tmp/hugelink-commit-test.XXXXXX", *file;
	struct fixture f;
	int fd;

	setup(&f, 0);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	unlink(path);
	file = malloc(PAGES * f.pg);
	memset(file, 'F', PAGES * f.pg);
	assert_int_equal(write(fd, file, PAGES * f.pg),
			 (ssize_t)(PAGES * f.pg));
	mprotect(f.target, PAGES * f.pg, PROT_READ);
	f.c.fault = fault;
	f.c.swap[0].prot = PROT_READ;
	f.c.swap[0].how = REMAP_MAP_FILE;
	f.c.swap[0].hugetlb = 1;
	f.c.swap[0].fd = fd;
	assert_int_equal(remap_commit_run(&f.c), 0);
	assert_int_equal(f.c.swap[0].err, 0);
	assert_int_equal(f.target[0], 'F');
	assert_int_equal(f.target[PAGES * f.pg - 1], 'F');
	/* Private: what the program's mapping shows is its own. */
	assert_int_equal(mprotect(f.target, f.pg, PROT_READ | PROT_WRITE), 0);
	f.target[0] = 'x';
	assert_int_equal(pread(fd, file, 1, 0), 1);
	assert_int_equal(file[0], 'F');
	close(fd);
	free(file);
	teardown(&f);
	munmap(f.scratch, PAGES * f.pg);
}

static void test_remap_commit_run_maps_file_over_target(void **state)
{
	(void)state;
	file_over_target(REMAP_FAULT_NONE);
}

/* Mapping a file over its target asks no move of the kernel: it works
 * where hugetlb mappings do not move. */
static void test_remap_commit_run_no_hugetlb_mremap_maps_the_file(void **state)
{
	(void)state;
	file_over_target(REMAP_FAULT_NO_HUGETLB_MREMAP);
}

/*
 * HUGELINK_FAULT=no-hugetlb-mremap fails the moves of hugetlb pages only,
 * as kernels before Linux 5.16 do: the target is unmapped first, so the
 * range is restored from the scratch copy.
 */
static void test_remap_commit_run_no_hugetlb_mremap(void **state)
{
	struct fixture f;

	(void)state;
	setup(&f, 1);
	f.c.fault = REMAP_FAULT_NO_HUGETLB_MREMAP;
	f.c.swap[0].hugetlb = 1;
	assert_int_equal(remap_commit_run(&f.c), 1);
	assert_int_equal(f.c.swap[0].err, -EINVAL);
	assert_int_equal(f.c.swap[0].recovered, 1);
	assert_int_equal(f.target[0], 'd');
	assert_int_equal(f.target[3 * f.pg], 'b');
	assert_int_equal(f.target[7 * f.pg + 5], 0);	/* not the scratch */
	teardown(&f);
	setup(&f, 1);
	f.c.fault = REMAP_FAULT_NO_HUGETLB_MREMAP;
	assert_int_equal(remap_commit_run(&f.c), 0);
	assert_int_equal(f.target[7 * f.pg + 5], 'S');
	teardown(&f);
}

/*
 * Run an unrecoverable swap in a child whose fd 2 is a pipe, the fatal
 * message going to FATAL_FD; what the pipe received into MSG.  The
 * child ends with SIGABRT.
 */
static void abort_in_child(int fatal_fd, char *msg, size_t len)
{
	struct fixture f;
	int fds[2], status;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		close(fds[1]);
		setup(&f, 1);
		f.c.fault = REMAP_FAULT_RECOVER;
		f.c.fatal_fd = fatal_fd;
		remap_commit_run(&f.c);
		_exit(0);
	}
	close(fds[1]);
	memset(msg, 0, len);
	assert_true(read(fds[0], msg, len - 1) >= 0);
	close(fds[0]);
	waitpid(pid, &status, 0);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGABRT);
}

static void test_remap_commit_run_unrecoverable_aborts_loudly(void **state)
{
	char msg[128];

	(void)state;
	abort_in_child(2, msg, sizeof(msg));
	assert_string_equal(msg, "fatal: 12\n");
}

static void test_remap_commit_run_unrecoverable_silent_without_stderr(
	void **state)
{
	char msg[128];

	(void)state;
	abort_in_child(-1, msg, sizeof(msg));
	assert_string_equal(msg, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_remap_commit_run_swaps_and_keeps_data),
		cmocka_unit_test(
			test_remap_commit_run_reads_untouched_pages_from_file),
		cmocka_unit_test(
			test_remap_commit_run_copies_all_without_pagemap),
		cmocka_unit_test(test_remap_commit_run_copies_all_when_asked),
		cmocka_unit_test(test_remap_copy_pages_file_from_its_mapping),
		cmocka_unit_test(
			test_remap_copy_pages_written_keeps_breakpoints),
		cmocka_unit_test(
			test_remap_copy_pages_file_drops_what_was_written),
		cmocka_unit_test(test_remap_copy_pages_written_without_pagemap),
		cmocka_unit_test(test_remap_copy_pages_file_ends_inside_a_page),
		cmocka_unit_test(
			test_remap_commit_run_failed_swap_keeps_old_pages),
		cmocka_unit_test(test_remap_commit_run_recovers_unmapped_range),
		cmocka_unit_test(test_remap_commit_run_read_only_range),
		cmocka_unit_test(
			test_remap_commit_run_failed_swap_restores_for_thp),
		cmocka_unit_test(test_remap_commit_run_maps_file_over_target),
		cmocka_unit_test(test_remap_commit_run_no_hugetlb_mremap),
		cmocka_unit_test(
			test_remap_commit_run_no_hugetlb_mremap_maps_the_file),
		cmocka_unit_test(
			test_remap_commit_run_unrecoverable_aborts_loudly),
		cmocka_unit_test(
			test_remap_commit_run_unrecoverable_silent_without_stderr),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

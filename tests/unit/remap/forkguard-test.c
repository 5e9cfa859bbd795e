/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <linux/stat.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "remap/remap.h"

/*
 * The handlers run here without a fork: prepare notes the protections of
 * each range and makes its copy, and the parent's handler drops the copy
 * again.  The ranges are ordinary anonymous memory in base pages.
 */
#define PAGE ((size_t)4096)

/* Room for the guard and the HAD bytes of its range. */
static struct {
	struct remap_fork_guard g;
	unsigned char had[64];
} guard;

/* Guard the LEN bytes at P, read and write at the install, writing its
 * messages (when ERR is not -1) to ERR. */
static struct remap_fork_guard *guard_range(void *p, size_t len, int err)
{
	struct remap_fork_guard *g = &guard.g;
	struct statx sx;

	memset(&guard, 0, sizeof(guard));
	g->base = g->align = PAGE;
	g->err.fd = -1;
	if (err >= 0) {
		assert_int_equal(remap_stderr_stat(err, &sx), 0);
		g->err = (struct remap_stderr){ err, sx.stx_dev_major,
					     sx.stx_dev_minor, sx.stx_ino };
		g->warn = 1;
	}
	strcpy(g->prog, "prog");
	g->n = 1;
	g->r[0].at = (struct remap_snap_range){ (uintptr_t)p, len, PAGE,
					     PROT_READ | PROT_WRITE };
	g->r[0].had = guard.had;
	remap_fork_guard_set(g);
	return g;
}

/*
 * A path longer than the handler's buffer for a maps line: DIR/ then
 * directories of 200 characters, in DIR (a fresh directory); the file
 * at its end holds one page.  Returns its descriptor.
 */
static int long_path_file(char *dir, char *path, size_t room)
{
	char part[201];
	int fd;

	assert_non_null(mkdtemp(dir));
	memset(part, 'd', 200);
	part[200] = '\0';
	snprintf(path, room, "%s", dir);
	for (int i = 0; i < 12; i++) {
		strcat(path, "/");
		strcat(path, part);
		assert_int_equal(mkdir(path, 0700), 0);
	}
	strcat(path, "/f");
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)PAGE), 0);
	return fd;
}

static void remove_long_path(char *path, const char *dir)
{
	char *slash;

	unlink(path);
	while ((slash = strrchr(path, '/')) && strcmp(path, dir)) {
		*slash = '\0';
		rmdir(path);
	}
}

/*
 * A mapping whose maps line is longer than the handler's buffer, before
 * the range: the scan goes on past it, and the range's protections are
 * noted, the part the program made read-only included.
 */
static void test_remap_fork_prepare_past_a_long_line(void **state)
{
	char dir[] = "/tmp/hl-forkguard.XXXXXX", path[4000];
	int fd = long_path_file(dir, path, sizeof(path));
	char *p = mmap(NULL, 3 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	struct remap_fork_guard *g;

	(void)state;
	assert_true(p != MAP_FAILED);
	assert_true(mmap(p, PAGE, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) ==
		    p);
	assert_true(mmap(p + PAGE, 2 * PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
		    p + PAGE);
	assert_int_equal(mprotect(p + 2 * PAGE, PAGE, PROT_READ), 0);
	g = guard_range(p + PAGE, 2 * PAGE, -1);
	remap_fork_prepare();
	remap_fork_parent();
	assert_int_equal(g->r[0].npiece, 2);
	assert_int_equal(g->r[0].piece[0].lo, (uintptr_t)p + PAGE);
	assert_int_equal(g->r[0].piece[0].prot, PROT_READ | PROT_WRITE);
	assert_int_equal(g->r[0].piece[1].lo, (uintptr_t)p + 2 * PAGE);
	assert_int_equal(g->r[0].piece[1].hi, (uintptr_t)p + 3 * PAGE);
	assert_int_equal(g->r[0].piece[1].prot, PROT_READ);
	remap_fork_guard_set(NULL);
	munmap(p, 3 * PAGE);
	close(fd);
	remove_long_path(path, dir);
}

/*
 * Protections that cannot all be noted (more parts than the guard has
 * room for) are said, once: the child then has the install's.
 */
static void test_remap_fork_prepare_parts_unknown_said(void **state)
{
	enum { N = REMAP_GUARD_PIECES + 1 };
	char *p = mmap(NULL, N * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	FILE *err = tmpfile();
	struct remap_fork_guard *g;
	char said[512];
	size_t n;

	(void)state;
	assert_true(p != MAP_FAILED);
	assert_non_null(err);
	for (int i = 1; i < N; i += 2)
		assert_int_equal(mprotect(p + i * PAGE, PAGE, PROT_READ), 0);
	g = guard_range(p, N * PAGE, fileno(err));
	remap_fork_prepare();
	remap_fork_parent();
	assert_int_equal(g->r[0].npiece, -1);
	remap_fork_prepare();
	remap_fork_parent();
	rewind(err);
	n = fread(said, 1, sizeof(said) - 1, err);
	said[n] = '\0';
	assert_non_null(strstr(said, "hugelink: prog: fork(): "));
	assert_non_null(strstr(said, "protection"));
	assert_null(strstr(strstr(said, "\n") + 1, "hugelink"));
	remap_fork_guard_set(NULL);
	fclose(err);
	munmap(p, N * PAGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_remap_fork_prepare_past_a_long_line),
		cmocka_unit_test(test_remap_fork_prepare_parts_unknown_said),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

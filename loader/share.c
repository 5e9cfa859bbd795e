/* SPDX-License-Identifier: MIT */
/*
 * Shared huge-page files: see share.h and core/sharename.h.
 *
 * Safety.  The directory is opened and checked once (machine/sharedir.h,
 * the checks hugectl applies too); every file is then opened relative to
 * it, with O_NOFOLLOW, and checked after opening: a regular file on
 * hugetlbfs with our page size, owned by us or root, writable by no one
 * else, of the exact size.  A file or directory that fails is refused:
 * another user may have planted it.  The program maps shared files
 * read-only and private from a read-only descriptor, so it cannot change
 * them for the next run: a debugger's breakpoint written into its text
 * takes a private copy of that huge page (loader/backing.c).
 *
 * Concurrency.  Making a file happens under an flock on a lock file per
 * program: one process prepares, the others wait for it and then map its
 * file.  They wait LDR_SHARE_WAIT_MS at most: a preparer that was stopped
 * or hangs costs the others a private copy, not their start.  The file is built
 * unnamed (O_TMPFILE) and linked into place only when complete, so a process
 * killed while preparing leaves nothing behind, and its lock dies with it.
 * Files of other builds of the same program and segment are stale: they are
 * removed when the new one is published.  A file is published only if
 * the program file is still as the stat that named it found it: a library
 * rewritten in place while its file was filled gives it bytes of another
 * build, or half-written ones.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "arch/raw.h"
#include "core/maps.h"
#include "machine/mapsid.h"
#include "machine/sharedir.h"
#include "machine/sysinfo.h"
#include "loader/backing.h"
#include "loader/fault.h"
#include "loader/share.h"

/*
 * Whether PATH is the file PROG maps, with its stat in *ST: where stat
 * and maps name its device differently (machine/mapsid.h), asked of the
 * file opened, so that *ST is that file's.
 */
static bool is_mapped_file(const char *path, struct stat *st,
			   const struct hl_maps_file *prog)
{
	bool same;
	int fd;

	if (!stat(path, st) &&
	    hl_maps_names_file(st, prog->inode, prog->major, prog->minor))
		return true;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return false;
	same = !fstat(fd, st) && mach_fd_is_maps_file(fd, st, prog->inode,
						      prog->major,
						      prog->minor);
	close(fd);
	return same;
}

/*
 * The program's path and identity, once per process: the file at PROG's
 * path must still be the one mapped, or it was replaced since the program
 * started and its text may not be what the file now holds.
 */
static int identify(struct ldr_share_ctx *ctx, const struct ldr_image *img,
		    const struct hl_maps_file *prog)
{
	struct stat st;

	if (!is_mapped_file(prog->path, &st, prog)) {
		snprintf(ctx->error, sizeof(ctx->error), "%.200s is not the "
			 "file this program was started from", prog->path);
		return -1;
	}
	snprintf(ctx->exe, sizeof(ctx->exe), "%s", prog->path);
	if (ldr_image_textrel(img)) {
		snprintf(ctx->error, sizeof(ctx->error), "the program has text "
			 "relocations, its text differs from run to run");
		return -1;
	}
	hl_share_id_from_stat(&ctx->id, &st);
	ctx->id.build_id_len = ldr_image_build_id(img, ctx->id.build_id,
						 sizeof(ctx->id.build_id));
	if (!ctx->id.build_id_len) {
		snprintf(ctx->error, sizeof(ctx->error), "the program has no "
			 "GNU build-id, which tells one build of it from "
			 "another where its file's times may not (link with "
			 "--build-id, as hugetlbfs-ld does)");
		return -1;
	}
	return 0;
}

/* What find_user_dir looks for, for whom, and why it found nothing. */
struct user_dir {
	char *dir;
	size_t len;
	uid_t uid;
	char error[200];
};

/*
 * MOUNT/elflink-uid-<uid>, made if need be.  It may exist already
 * without the caller being allowed to write in MOUNT: an administrator
 * who creates each user's directory under a root-owned mount keeps
 * others from squatting a name (see hugelink(7)).
 */
static int find_user_dir(const char *mount, void *ctx)
{
	struct user_dir *u = ctx;

	snprintf(u->dir, u->len, "%s/elflink-uid-%u", mount, (unsigned)u->uid);
	if (mkdir(u->dir, 0700) == 0 || errno == EEXIST)
		return 1;
	snprintf(u->error, sizeof(u->error), "mkdir %.150s: %s", u->dir,
		 strerror(errno));
	return 0;
}

int ldr_share_open_dir(struct ldr_share_ctx *ctx, const struct hl_config *cfg,
		      const struct ldr_image *img,
		      const struct hl_maps_file *prog, size_t page)
{
	struct user_dir u = { ctx->dir, sizeof(ctx->dir), geteuid(), "" };

	memset(ctx, 0, sizeof(*ctx));
	ctx->dirfd = -1;
	ctx->uid = u.uid;
	ctx->page = page;
	if (mach_share_uid_check(ctx->uid, ctx->error, sizeof(ctx->error)) ||
	    identify(ctx, img, prog))
		return -1;
	if (cfg->share_path[0]) {
		snprintf(ctx->dir, sizeof(ctx->dir), "%s", cfg->share_path);
	} else if (mach_mounts_of_size(page, cfg->path, find_user_dir,
				       &u) != 1) {
		ctx->no_hugetlbfs = !u.error[0];
		if (u.error[0])
			snprintf(ctx->error, sizeof(ctx->error), "%s", u.error);
		else
			snprintf(ctx->error, sizeof(ctx->error), "no hugetlbfs "
				 "mount for %zu kB pages to share text in",
				 page >> 10);
		return -1;
	}
	ctx->dirfd = mach_share_dir_open(ctx->dir, page, &ctx->dev, ctx->error,
					 sizeof(ctx->error));
	ctx->no_hugetlbfs = ctx->dirfd < 0 && errno == EMEDIUMTYPE;
	return ctx->dirfd < 0 ? -1 : 0;
}

/*
 * Open NAME read-only and check it; -1 with ERR set, or ENOENT silently.
 * A file on the directory's own file system (the same st_dev) is on
 * hugetlbfs with CTX->page-sized pages, as the directory was found to be.
 */
static int open_checked(const struct ldr_share_ctx *ctx, const char *name,
			size_t len, char *err, size_t errlen)
{
	int fd = openat(ctx->dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			O_CLOEXEC);
	struct stat st;

	if (fd < 0) {
		if (errno != ENOENT)
			snprintf(err, errlen, "%s: %s", name, strerror(errno));
		return -1;
	}
	/* A hugetlbfs file counts its pages in st_blocks: none may be
	 * missing. */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    !mach_share_owner_is(&st, ctx->uid) || st.st_dev != ctx->dev ||
	    (size_t)st.st_size != len ||
	    (size_t)st.st_blocks * 512 < len) {
		snprintf(err, errlen, "refusing shared file %s: not a regular "
			 "hugetlbfs file of ours, holding all of its %zu bytes",
			 name, len);
		close(fd);
		return -1;
	}
	return fd;
}

/* The lock file serialising the making of this program's files, open
 * but not yet locked. */
static int open_lock(const struct ldr_share_ctx *ctx, const char *name,
		     char *err, size_t errlen)
{
	char lock[HL_SHARE_NAME_MAX + 1];
	struct stat st;
	int fd;

	hl_share_lock_name(lock, name);
	fd = openat(ctx->dirfd, lock, O_CREAT | O_RDWR | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC, 0600);
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    !mach_share_owner_is(&st, ctx->uid)) {
		snprintf(err, errlen, "cannot open the lock %s", lock);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* The monotonic clock in milliseconds, by the swap's own clock. */
static uint64_t now_ms(void)
{
	return raw_now_ns() / 1000000;
}

/*
 * Wait until the lock LOCK is ours (1), or until the file NAME of LEN
 * bytes appears, made by the holder (0, with *FD its descriptor).  The
 * wait is bounded: a holder stopped with ^Z or hung on a network file
 * system must not hold up every later start of the program, which
 * instead gives up after LDR_SHARE_WAIT_MS and uses a private copy (-1,
 * with ERR saying so).  The lock is the program's, not the segment's:
 * once one segment gave up, the others only look once.
 */
static int await_lock(struct ldr_share_ctx *ctx, const char *name,
		      size_t len, int lock, int *fd, char *err, size_t errlen)
{
	const struct timespec tick = { 0, LDR_SHARE_TICK_MS * 1000000L };
	uint64_t start = now_ms();
	int limit = ctx->waited_out ? 0 : LDR_SHARE_WAIT_MS;

	for (;;) {
		if (flock(lock, LOCK_EX | LOCK_NB) == 0)
			return 1;
		if (errno != EWOULDBLOCK && errno != EINTR) {
			snprintf(err, errlen, "cannot lock the shared files of "
				 "%.150s: %s", ctx->exe, strerror(errno));
			return -1;
		}
		*fd = open_checked(ctx, name, len, err, errlen);
		if (*fd >= 0 || err[0])
			return *fd >= 0 ? 0 : -1;
		if (now_ms() - start >= (uint64_t)limit) {
			snprintf(err, errlen, "another process has been making "
				 "the shared text of %.150s for %d ms "
				 "(stopped or hung?)", ctx->exe,
				 LDR_SHARE_WAIT_MS);
			ctx->waited_out = true;
			return -1;
		}
		nanosleep(&tick, NULL);
	}
}

/* Remove files of other builds of the same program and segment. */
static void remove_stale(int dirfd, const char *name)
{
	struct dirent *e;
	int fd = dup(dirfd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	/* The duplicate shares its position with DIRFD: start over. */
	rewinddir(d);
	while ((e = readdir(d)))
		if (hl_share_other_build(e->d_name, name))
			unlinkat(dirfd, e->d_name, 0);
	closedir(d);
}

/*
 * Fill the shared file of R mapped at P (LEN bytes) from the program
 * file.  Its huge pages are faulted in first, in the order the kernel
 * clears fastest; where madvise cannot (ldr_backing_cannot_populate),
 * the read faults them in, and a page refused there fails it with
 * EFAULT.  Returns 0; the -errno of a page refused; or 1 where the
 * program file could not be read.
 */
static long fill(const struct ldr_share_range *r, char *p, size_t len)
{
	long fault = ldr_backing_populate_hugetlb(p, len, r->page);

	if (fault && !ldr_backing_cannot_populate(fault))
		return fault;
	errno = 0;
	if (!ldr_source_read(r->src, p + (r->bytes.from - r->lo), &r->bytes))
		return 0;
	return errno == EFAULT ? -EFAULT : 1;
}

/* Why fill() returned HOW, in ERR, once the file's pages are given
 * back. */
static void say_unfilled(long how, const struct ldr_share_range *r,
			 size_t len, char *err, size_t errlen)
{
	if (how == 1)
		snprintf(err, errlen, "cannot read the program file: shared "
			 "text is made from it alone, never from memory");
	else
		ldr_backing_refusal(err, errlen, "faulting in a shared file",
				    len, r->page, (int)-how, true);
}

/*
 * Whether the program file SRC reads is still the one identify() named
 * the files after: the same file, size, modification and change times.
 * A library rewritten in place meanwhile (a program is kept from it by
 * ETXTBSY, a library is not) may have filled the file with new or
 * half-written bytes, which must not be published under the old key.
 * Returns 0, or -1 with ERR saying why.
 */
static int source_unchanged(const struct ldr_share_ctx *ctx,
			    struct ldr_source *src, char *err, size_t errlen)
{
	int fd = ldr_source_fd(src);
	struct stat st;

	if (fd >= 0 && fstat(fd, &st) == 0 &&
	    hl_share_id_stat_same(&ctx->id, &st))
		return 0;
	snprintf(err, errlen, "%.200s changed while its shared file was made "
		 "from it: the file is not published", ctx->exe);
	return -1;
}

/*
 * Build the file unnamed, fill it from the program file, then link it
 * in, unless the program file changed since the key was made.  Never
 * from memory: a breakpoint a debugger or a uprobe wrote into this
 * process's text would reach every later run.
 */
static int make_file(struct ldr_share_ctx *ctx, const char *name,
		     const struct ldr_share_range *r, char *err, size_t errlen)
{
	int dirfd = ctx->dirfd;
	int fd = openat(dirfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	size_t len = r->hi - r->lo;
	char self[64];
	long filled;
	void *p;

	if (fd < 0) {
		snprintf(err, errlen, "O_TMPFILE in the share directory: %s",
			 strerror(errno));
		return -1;
	}
	p = ftruncate(fd, (off_t)len) ? MAP_FAILED :
	    mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		/* The pool, or the mount's size limit, has no page for it. */
		ctx->no_hugetlbfs = errno == ENOMEM || errno == ENOSPC;
		ldr_backing_refusal(err, errlen, "making a shared file", len,
				    r->page, errno, false);
		close(fd);
		return -1;
	}
	filled = fill(r, p, len);
	munmap(p, len);
	if (filled) {
		close(fd);
		say_unfilled(filled, r, len, err, errlen);
		return -1;
	}
	if (ctx->wait_publish)
		ldr_fault_wait(ctx->wait_publish);
	if (source_unchanged(ctx, r->src, err, errlen)) {
		close(fd);
		return -1;
	}
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	if (linkat(AT_FDCWD, self, dirfd, name, AT_SYMLINK_FOLLOW)) {
		snprintf(err, errlen, "publishing %s: %s", name,
			 strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	remove_stale(dirfd, name);
	return 0;
}

int ldr_share_file(struct ldr_share_ctx *ctx, const struct ldr_share_range *r,
		  bool *made, char *err, size_t errlen)
{
	char name[HL_SHARE_NAME_MAX + 1];
	size_t len = r->hi - r->lo;
	int fd, lock, locked;

	*made = false;
	ctx->no_hugetlbfs = false;
	if (r->page != ctx->page) {
		snprintf(err, errlen, "read-only segments on %zu kB pages are "
			 "not shared: the share directory is for %zu kB ones, "
			 "those of the largest read-only segment", r->page >> 10,
			 ctx->page >> 10);
		return -1;
	}
	if (r->bias % r->page) {
		snprintf(err, errlen, "the program is loaded at an address "
			 "that is not a multiple of its huge pages (it was "
			 "not relinked), so the part of its segments that "
			 "moves differs from run to run");
		return -1;
	}
	ctx->id.phdr = r->phdr;
	ctx->id.ph = *r->ph;
	ctx->id.page = r->page;
	ctx->id.lo = r->lo - r->bias;
	ctx->id.len = len;
	if (hl_share_name(name, ctx->exe, hl_share_key(&ctx->id), &ctx->id)) {
		snprintf(err, errlen,
			 "the program's path is too long to share");
		return -1;
	}
	err[0] = '\0';
	fd = open_checked(ctx, name, len, err, errlen);
	if (fd >= 0 || err[0])
		return fd;
	lock = open_lock(ctx, name, err, errlen);
	if (lock < 0)
		return -1;
	locked = await_lock(ctx, name, len, lock, &fd, err, errlen);
	if (locked == 1) {
		fd = open_checked(ctx, name, len, err, errlen);
		if (fd < 0 && !err[0] &&
		    make_file(ctx, name, r, err, errlen) == 0) {
			fd = open_checked(ctx, name, len, err, errlen);
			*made = fd >= 0;
		}
	}
	close(lock);
	return locked < 0 ? -1 : fd;
}

void ldr_share_close(struct ldr_share_ctx *ctx)
{
	if (ctx->dirfd >= 0)
		close(ctx->dirfd);
	ctx->dirfd = -1;
}

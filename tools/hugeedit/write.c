/*
 * The safe rewrite: copy, patch and read back (elf/write.c), carry the
 * metadata over, sync, rename.  The copy is only ever reached through
 * the directory descriptor, and the rename happens only if the name
 * still refers to the file that was read.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "elf/write.h"
#include "tools/hugeedit/write.h"

/* The temporary copy: its name in the directory, and its descriptor. */
struct tmpfile {
	int dirfd;
	int fd;
	char name[256];
};

static int copy_bytes(const struct el_file *f, int to)
{
	char buf[1 << 16];
	off_t off = 0;
	ssize_t n, w;

	while ((n = pread(f->fd, buf, sizeof(buf), off)) > 0) {
		w = pwrite(to, buf, (size_t)n, off);
		if (w != n) {
			warn("%s: writing the copy", f->name);
			return -1;
		}
		off += n;
	}
	if (n < 0 || (uint64_t)off != f->eh.file_size) {
		warnx("%s: %s while copying it", f->name,
		      n < 0 ? strerror(errno) : "the file changed size");
		return -1;
	}
	return 0;
}

/* Copy one extended attribute, such as security.capability or an ACL. */
static int copy_xattr(const struct el_file *f, int to, const char *name)
{
	ssize_t n = fgetxattr(f->fd, name, NULL, 0);
	char *value = n >= 0 ? malloc((size_t)n + 1) : NULL;
	int rc = -1;

	if (value && fgetxattr(f->fd, name, value, (size_t)n) == n &&
	    !fsetxattr(to, name, value, (size_t)n, 0))
		rc = 0;
	else
		warn("%s: copying extended attribute %s", f->name, name);
	free(value);
	return rc;
}

static int copy_xattrs(const struct el_file *f, int to)
{
	ssize_t n = flistxattr(f->fd, NULL, 0);
	char *names;
	int rc = 0;

	if (n == 0 || (n < 0 && (errno == ENOTSUP || errno == ENOSYS)))
		return 0;
	names = n > 0 ? malloc((size_t)n) : NULL;
	if (!names || flistxattr(f->fd, names, (size_t)n) != n) {
		warn("%s: listing extended attributes", f->name);
		free(names);
		return -1;
	}
	for (char *p = names; p < names + n && !rc; p += strlen(p) + 1)
		rc = copy_xattr(f, to, p);
	free(names);
	return rc;
}

/* Owner first: chown clears the set-id bits and file capabilities. */
static int copy_metadata(const struct el_file *f, int to)
{
	struct stat st;

	if (fstat(f->fd, &st)) {
		warn("%s", f->name);
		return -1;
	}
	if (fchown(to, st.st_uid, st.st_gid) || fchmod(to, st.st_mode & 07777)) {
		warn("%s: giving the copy the original's owner and mode", f->name);
		return -1;
	}
	return copy_xattrs(f, to);
}

static int make_tmp(struct tmpfile *t, const char *base)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[6];
	char suffix[7];

	for (int tries = 0; tries < 100; tries++) {
		if (getrandom(r, sizeof(r), 0) != sizeof(r))
			return -1;
		for (size_t i = 0; i < sizeof(r); i++)
			suffix[i] = alphabet[r[i] % (sizeof(alphabet) - 1)];
		suffix[6] = '\0';
		snprintf(t->name, sizeof(t->name), ".%.200s.hugeedit-%s", base,
			 suffix);
		t->fd = openat(t->dirfd, t->name, O_RDWR | O_CREAT | O_EXCL |
			       O_NOFOLLOW | O_CLOEXEC, 0600);
		if (t->fd >= 0 || errno != EEXIST)
			return t->fd < 0 ? -1 : 0;
	}
	return -1;
}

/* True when BASE in the directory is still the file F was read from. */
static int same_file(const struct el_file *f, int dirfd, const char *base)
{
	struct stat a, b;

	if (fstat(f->fd, &a) || fstatat(dirfd, base, &b, AT_SYMLINK_NOFOLLOW) ||
	    a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		warnx("%s: replaced by another file while being edited; left "
		      "alone", f->name);
		return -1;
	}
	return 0;
}

static int fill_tmp(const struct el_file *f, const struct tmpfile *t,
		    const struct hl_phdr *want)
{
	if (copy_bytes(f, t->fd) || el_write_phdrs(f, t->fd, want) ||
	    copy_metadata(f, t->fd))
		return -1;
	if (fsync(t->fd)) {
		warn("%s: syncing the copy", f->name);
		return -1;
	}
	return 0;
}

int ed_replace(const struct el_file *f, int dirfd, const char *base,
	       const struct hl_phdr *want)
{
	struct tmpfile t = { .dirfd = dirfd, .fd = -1 };

	if (el_write_check(f))
		return -1;
	if (make_tmp(&t, base)) {
		warn("%s: creating a temporary copy next to it", f->name);
		return -1;
	}
	if (fill_tmp(f, &t, want) || same_file(f, dirfd, base))
		goto out_unlink_tmp;
	if (renameat(dirfd, t.name, dirfd, base)) {
		warn("%s: renaming the edited copy over it", f->name);
		goto out_unlink_tmp;
	}
	close(t.fd);
	if (fsync(dirfd))
		warn("%s: syncing its directory", f->name);
	return 0;
out_unlink_tmp:
	close(t.fd);
	unlinkat(dirfd, t.name, 0);
	return -1;
}

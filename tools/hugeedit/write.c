/* SPDX-License-Identifier: MIT */
/*
 * The safe rewrite: copy, patch and read back (elf/write.c), sync, carry
 * the metadata over, rename.  The copy is only ever reached through
 * descriptors, and the rename happens only if the original's name still
 * refers to the file that was read and the copy's name to the copy.
 *
 * The copy is made in a directory of its own, made for it next to the
 * original (.NAME.hugeedit-XXXXXX, mode 0700, its owner whoever runs
 * hugeedit, any ACL removed), so that nobody else can reach it by any
 * name until it is renamed over the original.  Root editing another
 * user's program in that user's directory gives the copy that user as
 * owner before the set-id bits and security.capability (fchown would
 * clear them); were the copy reachable then, its new owner could open it
 * and write their own bytes before the powers came, which a write only
 * takes away once they are there.  In the private directory nobody but
 * root can open it, so the powers go only on the bytes hugeedit wrote.
 *
 * A copy of a set-uid program, or of one with file capabilities, must
 * never lie about with those powers: it stays mode 0600, owned by whoever
 * runs hugeedit, until its data are synced, and gets the set-id bits and
 * security.capability only just before the rename.  SIGHUP, SIGINT and
 * SIGTERM remove it and its directory (machine/signals.h).  A SIGKILL or
 * a power loss before that point leaves a copy without any of them, in
 * a directory only its maker can open.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "elf/write.h"
#include "machine/signals.h"
#include "tools/hugeedit/write.h"

#define CAPABILITY_XATTR "security.capability"

/*
 * The temporary copy: the original's directory DIRFD, the private
 * directory made in it (named DIRNAME there, open as PRIVFD), and the
 * copy in that (named NAME, open as FD).
 */
struct tmpfile {
	int dirfd;
	int privfd;
	int fd;
	char dirname[256];
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

/* Copy every extended attribute but security.capability, or only that
 * one when CAPS is set. */
static int copy_xattrs(const struct el_file *f, int to, bool caps)
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
		if ((strcmp(p, CAPABILITY_XATTR) == 0) == caps)
			rc = copy_xattr(f, to, p);
	free(names);
	return rc;
}

/*
 * The original's owner, group and extended attributes, but not its
 * set-id bits or file capabilities.  An ACL sets the permission bits it
 * covers; fchmod itself waits for give_powers.
 */
static int copy_ownership(const struct el_file *f, int to, struct stat *st)
{
	if (fstat(f->fd, st)) {
		warn("%s", f->name);
		return -1;
	}
	if (fchown(to, st->st_uid, st->st_gid)) {
		warn("%s: giving the copy the original's owner", f->name);
		return -1;
	}
	return copy_xattrs(f, to, false);
}

/* The original's mode, set-id bits included, then its capabilities:
 * fchown would clear both, so they come after it. */
static int give_powers(const struct el_file *f, int to, const struct stat *st)
{
	if (fchmod(to, st->st_mode & 07777)) {
		warn("%s: giving the copy the original's mode", f->name);
		return -1;
	}
	return copy_xattrs(f, to, true);
}

/*
 * The copy being written and its directory, for the signal handler,
 * which has no other way to find them: set while they exist.
 */
static struct {
	int dirfd, privfd;
	char dirname[256], name[256];
	volatile sig_atomic_t armed;
} pending;

static void remove_pending(void)
{
	if (!pending.armed)
		return;
	unlinkat(pending.privfd, pending.name, 0);
	unlinkat(pending.dirfd, pending.dirname, AT_REMOVEDIR);
}

/* Mark the copy T as there (or gone), with the signals held meanwhile. */
static void set_pending(const struct tmpfile *t, bool there)
{
	sigset_t saved;

	mach_signals_hold(&saved);
	pending.dirfd = t->dirfd;
	pending.privfd = t->privfd;
	memcpy(pending.dirname, t->dirname, sizeof(pending.dirname));
	memcpy(pending.name, t->name, sizeof(pending.name));
	pending.armed = there;
	mach_signals_release(&saved);
}

/*
 * Make the private directory T->dirname in T->dirfd and open it: mode
 * 0700, with no ACL that a default ACL of the directory may have given
 * it, owned by us.  Its name is random; one that exists is tried again.
 * What is opened by that name is checked to be ours before anything in
 * it changes: the directory's owner may rename another there meanwhile.
 */
static int make_private_dir(struct tmpfile *t, const char *base)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[6];
	char suffix[7];
	struct stat st;
	bool made = false;

	for (int tries = 0; tries < 100 && !made; tries++) {
		if (getrandom(r, sizeof(r), 0) != sizeof(r))
			return -1;
		for (size_t i = 0; i < sizeof(r); i++)
			suffix[i] = alphabet[r[i] % (sizeof(alphabet) - 1)];
		suffix[6] = '\0';
		snprintf(t->dirname, sizeof(t->dirname), ".%.200s.hugeedit-%s",
			 base, suffix);
		made = !mkdirat(t->dirfd, t->dirname, 0700);
		if (!made && errno != EEXIST)
			return -1;
	}
	if (!made)
		return -1;
	t->privfd = openat(t->dirfd, t->dirname, O_RDONLY | O_DIRECTORY |
			   O_NOFOLLOW | O_CLOEXEC);
	if (t->privfd < 0) {
		unlinkat(t->dirfd, t->dirname, AT_REMOVEDIR);
		return -1;
	}
	if (fstat(t->privfd, &st) || st.st_uid != geteuid()) {
		/* Not ours: nothing here may remove it. */
		close(t->privfd);
		t->privfd = -1;
		errno = EPERM;
		return -1;
	}
	(void)fremovexattr(t->privfd, "system.posix_acl_access");
	(void)fremovexattr(t->privfd, "system.posix_acl_default");
	if (fchmod(t->privfd, 0700) || fstat(t->privfd, &st) ||
	    (st.st_mode & 077)) {
		errno = EPERM;
		return -1;
	}
	return 0;
}

/* Create the private directory and the copy in it, mode 0600, and note
 * them for the signal handler in the same breath. */
static int make_tmp(struct tmpfile *t, const char *base)
{
	sigset_t saved;
	int rc;

	mach_signals_hold(&saved);
	rc = make_private_dir(t, base);
	if (t->privfd >= 0)
		set_pending(t, true);
	if (!rc) {
		snprintf(t->name, sizeof(t->name), "%.250s", base);
		t->fd = openat(t->privfd, t->name, O_RDWR | O_CREAT | O_EXCL |
			       O_NOFOLLOW | O_CLOEXEC, 0600);
		rc = t->fd < 0 ? -1 : 0;
		if (!rc)
			set_pending(t, true);
	}
	mach_signals_release(&saved);
	return rc;
}

/* True when BASE in the directory is still the file F was read from,
 * and T's name still the copy written through T's descriptor. */
static int same_files(const struct el_file *f, const struct tmpfile *t,
		      const char *base)
{
	struct stat a, b;

	if (fstat(f->fd, &a) ||
	    fstatat(t->dirfd, base, &b, AT_SYMLINK_NOFOLLOW) ||
	    a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		warnx("%s: replaced by another file while being edited; left "
		      "alone", f->name);
		return -1;
	}
	if (fstat(t->fd, &a) ||
	    fstatat(t->privfd, t->name, &b, AT_SYMLINK_NOFOLLOW) ||
	    a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		warnx("%s: its copy %s was replaced while being written; left "
		      "alone", f->name, t->name);
		return -1;
	}
	return 0;
}

/* The copy's bytes, patched and read back, then synced: still 0600. */
static int fill_tmp(const struct el_file *f, const struct tmpfile *t,
		    const struct hl_phdr *want)
{
	if (copy_bytes(f, t->fd) || el_write_phdrs(f, t->fd, want))
		return -1;
	if (fsync(t->fd)) {
		warn("%s: syncing the copy", f->name);
		return -1;
	}
	return 0;
}

/* Remove T's private directory, when its name is still that directory. */
static void remove_private_dir(const struct tmpfile *t)
{
	struct stat a, b;

	if (!fstat(t->privfd, &a) &&
	    !fstatat(t->dirfd, t->dirname, &b, AT_SYMLINK_NOFOLLOW) &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		unlinkat(t->dirfd, t->dirname, AT_REMOVEDIR);
}

/* Give T the original's metadata and put it in BASE's place. */
static int publish(const struct el_file *f, const struct tmpfile *t,
		   const char *base)
{
	struct stat st;
	sigset_t saved;
	int rc;

	if (copy_ownership(f, t->fd, &st) || give_powers(f, t->fd, &st) ||
	    same_files(f, t, base))
		return -1;
	mach_signals_hold(&saved);
	rc = renameat(t->privfd, t->name, t->dirfd, base);
	if (rc == 0) {
		remove_private_dir(t);
		set_pending(t, false);
	}
	mach_signals_release(&saved);
	if (rc) {
		warn("%s: renaming the edited copy over it", f->name);
		return -1;
	}
	/* The metadata given after the first sync, and the new name. */
	if (fsync(t->fd) || fsync(t->dirfd))
		warn("%s: syncing it and its directory", f->name);
	return 0;
}

int edit_replace(const struct el_file *f, int dirfd, const char *base,
	       const struct hl_phdr *want)
{
	struct tmpfile t = { .dirfd = dirfd, .privfd = -1, .fd = -1 };

	if (el_write_check(f))
		return -1;
	if (mach_undo_on_signals(remove_pending)) {
		warn("%s: catching signals", f->name);
		return -1;
	}
	if (make_tmp(&t, base)) {
		warn("%s: creating a temporary copy next to it", f->name);
		goto out_remove;
	}
	if (fill_tmp(f, &t, want) || publish(f, &t, base))
		goto out_remove;
	close(t.fd);
	close(t.privfd);
	return 0;
out_remove:
	if (t.fd >= 0) {
		unlinkat(t.privfd, t.name, 0);
		close(t.fd);
	}
	if (t.privfd >= 0) {
		remove_private_dir(&t);
		close(t.privfd);
	}
	set_pending(&t, false);
	return -1;
}

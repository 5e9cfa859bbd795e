/* SPDX-License-Identifier: MIT */
#ifndef ELF_OPEN_H
#define ELF_OPEN_H
/*
 * Opening a file to read that must be a regular file, without opening
 * anything else by mistake: a device node's driver acts when it is
 * opened (a watchdog starts, a tape rewinds), before any check of the
 * descriptor could refuse it, and the tools open paths that a file being
 * inspected, a perf profile or another user's process names.
 */

/* What el_open_regular returns when PATH names no regular file. */
#define EL_NOT_REGULAR (-2)

/*
 * Open the regular file at PATH read-only (O_NONBLOCK, O_NOCTTY,
 * O_CLOEXEC).  FLAGS may hold O_NOFOLLOW, which refuses a symbolic link
 * as the last component.  The path is resolved once, with O_PATH, which
 * opens nothing; the file found is checked to be regular, and that same
 * file is then opened through /proc/self/fd.  Where /proc is not
 * mounted (a bare chroot) it is opened again by its path and kept only
 * when it is the same file, which leaves a moment in which whoever
 * controls the path could have a device opened.  Returns the
 * descriptor; -1 with errno set when PATH cannot be resolved or opened;
 * EL_NOT_REGULAR when it is not a regular file.
 */
int el_open_regular(const char *path, int flags);

/* The same, with a relative PATH resolved from the directory DIRFD. */
int el_open_regular_at(int dirfd, const char *path, int flags);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_FSTYPE_H
#define MACHINE_FSTYPE_H
/*
 * The file systems whose page cache a read does not fill with huge
 * folios, named from statfs(2)'s f_type: tmpfs (whose folios follow its
 * huge= mount option, not the reader), and the network and user-space
 * file systems (NFS, FUSE, SMB, 9p), whose folios are those their own
 * readahead makes.  One classifier for the runtime, which says why the
 * page cache cannot serve a segment, and for hugectl --prime, which says
 * why it could not prime a file.  And overlayfs, which priming must
 * write back otherwise.
 */
#include <stdbool.h>

/* The name of the file system of type F_TYPE, when it is one of them;
 * NULL otherwise. */
const char *mach_fstype_small_folios(unsigned long f_type);

/* The same, for the file system PATH lies on (statfs); NULL when it is
 * none of them or cannot be asked. */
const char *mach_fstype_of_path(const char *path);

/* The same, for the file system of the open file FD (fstatfs). */
const char *mach_fstype_of_fd(int fd);

/* Whether the open file FD is on overlayfs, whose fsync writes back a
 * file of its upper layer only (fstatfs). */
bool mach_fstype_overlay(int fd);

#endif

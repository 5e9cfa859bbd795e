/* SPDX-License-Identifier: MIT */
/*
 * The file systems whose page cache a read does not fill with huge
 * folios: see fstype.h.  The magic numbers are the kernel's
 * (include/uapi/linux/magic.h, fs/smb/client); those that older
 * headers lack are spelled out here.
 */
#include <linux/magic.h>
#include <stddef.h>
#include <sys/vfs.h>

#include "machine/fstype.h"

#ifndef FUSE_SUPER_MAGIC
#define FUSE_SUPER_MAGIC 0x65735546
#endif
#ifndef OVERLAYFS_SUPER_MAGIC
#define OVERLAYFS_SUPER_MAGIC 0x794c7630
#endif
#ifndef V9FS_MAGIC
#define V9FS_MAGIC 0x01021997
#endif
#define MACH_CIFS_MAGIC 0xff534d42
#define MACH_SMB2_MAGIC 0xfe534d42

const char *mach_fstype_small_folios(unsigned long f_type)
{
	switch (f_type) {
	case TMPFS_MAGIC:
		return "tmpfs";
	case NFS_SUPER_MAGIC:
		return "NFS";
	case FUSE_SUPER_MAGIC:
		return "FUSE";
	case MACH_CIFS_MAGIC:
	case MACH_SMB2_MAGIC:
		return "SMB";
	case V9FS_MAGIC:
		return "9p";
	}
	return NULL;
}

const char *mach_fstype_of_path(const char *path)
{
	struct statfs fs;

	if (!path[0] || statfs(path, &fs))
		return NULL;
	return mach_fstype_small_folios((unsigned long)fs.f_type);
}

/* The f_type of FD's file system, or 0 when it cannot be asked. */
static unsigned long type_of_fd(int fd)
{
	struct statfs fs;

	return fstatfs(fd, &fs) ? 0 : (unsigned long)fs.f_type;
}

const char *mach_fstype_of_fd(int fd)
{
	return mach_fstype_small_folios(type_of_fd(fd));
}

bool mach_fstype_overlay(int fd)
{
	return type_of_fd(fd) == OVERLAYFS_SUPER_MAGIC;
}

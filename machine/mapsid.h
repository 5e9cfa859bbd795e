/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_MAPSID_H
#define MACHINE_MAPSID_H
/*
 * Whether an open file is the one a line of /proc/self/maps names.
 * fstat and maps do not always say the same device: on btrfs, stat gives
 * a subvolume's own device and maps the file system's; on overlayfs
 * before Linux 6.8, maps gives the lower file's device and inode.  Where
 * they differ, the file is asked in maps's own terms: one page of it is
 * mapped, and its maps line read back.
 */
#include <stdbool.h>
#include <sys/stat.h>

/*
 * True when FD, whose fstat is ST, is the file a maps line names as
 * INODE on device MAJOR:MINOR.
 */
bool mach_fd_is_maps_file(int fd, const struct stat *st, unsigned long inode,
			  unsigned int major, unsigned int minor);

#endif

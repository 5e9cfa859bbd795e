/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_TRUSTDIR_H
#define MACHINE_TRUSTDIR_H
/*
 * Opening a directory through no path that another user controls, for
 * a tool that writes where it is told (hugeedit).  The path is walked
 * one component at a time from "/" or from the current directory: each
 * directory on the way, the current one included, must belong to root
 * or to the user running the tool (its effective uid), and must not be
 * writable by others unless it is sticky (as /tmp is); a symbolic link
 * on the way is followed only when it belongs to one of them too.  So
 * nobody else can swap what the path leads to, before or during the
 * walk.  The directory reached, the last, may be anyone's: the caller
 * works inside it through the descriptor, where its owner can change
 * its entries but bring in no file of another's.  The walk needs only
 * search permission on the directories on the way.  A directory its
 * group may write to is taken: the group is trusted with it.
 */
#include <stddef.h>

/*
 * Open directory PATH as above.  Returns the descriptor, or -1 with WHY
 * (LEN bytes) saying which part of the path failed, and why.
 */
int mach_trusted_dir_open(const char *path, char *why, size_t len);

#endif

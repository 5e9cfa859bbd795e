/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_OVERFLOWUID_H
#define MACHINE_OVERFLOWUID_H
/*
 * The overflow uid: the uid a user namespace shows for every user it
 * does not map (files of those users, and the senders of their
 * signals, appear owned by it).  It names no one user: a file owned by
 * it may be anyone's.
 */
#include <sys/types.h>

/* The overflow uid, /proc/sys/kernel/overflowuid, read on the first
 * call; 65534, the kernel's default, when it cannot be read. */
uid_t mach_overflow_uid(void);

#endif

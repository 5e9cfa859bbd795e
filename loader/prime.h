/* SPDX-License-Identifier: MIT */
#ifndef LOADER_PRIME_H
#define LOADER_PRIME_H
/*
 * A program's own first start primes the page cache (HUGELINK_PRIME=1).
 * The page cache holds a file just written (by the linker, by cp) in
 * small folios, which the file backing cannot serve (loader/filetext.h),
 * so that start copies its read-only ranges.  After the copy, it makes a
 * detached process that does what hugectl --prime does
 * (mach_pagecache_prime): write the file back, drop its clean pages that
 * no process maps, and read its congruent read-only segments back in
 * huge folios, so that the next start maps the page cache with PMDs.
 *
 * The start waits only for a fork() and for its child, which forks the
 * process that primes and leaves at once: that process is the
 * grandchild, re-parented away from the program, so the program never
 * sees it as its child (wait() and SIGCHLD stay the program's own).
 * The child says through a pipe that the grandchild was made, which
 * holds where the program ignores SIGCHLD and the kernel reaps the
 * child before the start can wait for it.  The grandchild
 * makes itself a session of its own, puts /dev/null on descriptors 0 to
 * 2 and closes every other but the program file's (a pipe the program
 * writes to is not held open), runs at the lowest priority, and primes
 * only when no other process primes the same file (flock).
 */
#include "loader/image.h"

/*
 * Prime FD, the program file of IMG, in huge pages of PAGE bytes, from
 * a detached process.  Returns 0 once that process is made, -1 when it
 * could not be.
 */
int ldr_prime_spawn(int fd, const struct ldr_image *img, size_t page);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_PRIME_H
#define LOADER_PRIME_H
/*
 * A program's own first start primes the page cache (HUGELINK_PRIME=1).
 * The page cache holds a file just written (by the linker, by cp) in
 * small folios, which the file backing cannot serve (loader/filetext.h),
 * so that start copies its read-only ranges.  After the copy, it makes a
 * detached process that does what hugectl --prime does
 * (mach_pagecache_prime): write the file back, drop the clean pages of
 * its congruent read-only segments that no process maps, but where the
 * page cache holds huge folios already, and read those segments back in
 * huge folios, so that the next start maps the page cache with PMDs.
 * A start that copies nothing (PR_SET_MDWE, HUGELINK_BACKING=file) maps
 * those small folios itself, its probes among them, which no priming
 * can drop while it runs: its process primes once the program has
 * ended.  A start served from the page cache that had to read the file
 * (as after a reboot) primes once the program has ended as well: exec
 * read the pages about the entry point in small folios before any
 * advice, and no later start would see them, its probes finding huge
 * folios.  That process runs the runtime's code from the program file
 * while it waits, then from a copy of the huge page that code lies in,
 * put in place of the file's, so that priming can drop that page too.
 *
 * The start waits only for a fork() and for its child, which forks
 * the process that primes and leaves at once: that process is the
 * grandchild, re-parented away from the program, so the program
 * never sees it as its child (wait() and SIGCHLD stay the program's
 * own).  The child says through a pipe that the grandchild was made,
 * or the errno of the fork that failed, which holds where the
 * program ignores SIGCHLD and the kernel reaps the child before the
 * start can wait for it.  Before it forks, the start takes the
 * program file's lock (flock), which goes with the descriptor to the
 * grandchild: where another process holds it, priming or waiting to,
 * nothing is made, and many starts of one program leave one process
 * waiting.  The grandchild makes itself a session of its own named
 * hugelink-prime, moves to /, puts /dev/null on descriptors 0 to 2
 * and closes every other but the program file's and the pidfd it
 * waits on (a pipe the program writes to is not held open), and runs
 * at the lowest priority.
 */
#include <stdbool.h>

#include "loader/image.h"

/*
 * Prime FD, the program file of IMG, in huge pages of PAGE bytes, from
 * a detached process: at once, or with AFTER_END once this process has
 * ended (it holds a pidfd of this process, Linux 5.3's pidfd_open).
 * Returns 0 once that process is made, 1 when another process holds
 * FD's file's lock, -1 with errno when it could not be made.
 */
int ldr_prime_spawn(int fd, const struct ldr_image *img, size_t page,
		    bool after_end);

#endif

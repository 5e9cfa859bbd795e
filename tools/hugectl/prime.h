/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_PRIME_H
#define TOOLS_HUGECTL_PRIME_H
/*
 * hugectl --prime FILE...: have the page cache hold each file's
 * congruent read-only segments in huge folios, so that every program
 * that maps them later gets them on huge pages from the page cache (the
 * runtime's file backing, loader/filetext.h).  The page cache keeps the
 * small folios of a file just written (by a linker, by cp), so for each
 * file: write back what is dirty (fsync), drop the segments' clean pages
 * that no process maps, except in huge pages held in huge folios already
 * (POSIX_FADV_DONTNEED, which never drops a page a process maps), then
 * read the segments back through a mapping advised
 * MADV_HUGEPAGE and populated (machine/pagecache.h), and say how much of
 * them the page cache now holds in huge folios.
 */
#include <stddef.h>
#include <stdio.h>

/*
 * Prime FILES (NULL-terminated) for huge pages of PAGE bytes, one line
 * each on OUT.  Returns 0 when every file has some of its segments in
 * huge folios, -1 after a message naming each file for which nothing
 * could be, and why.
 */
int ctl_prime(FILE *out, char *const *files, size_t page);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_PAGEMAP_H
#define MACHINE_PAGEMAP_H
/*
 * Which of this process's pages are mapped by huge page table entries
 * now, asked of the kernel for one range at a time with the PAGEMAP_SCAN
 * ioctl of /proc/self/pagemap (Linux 6.7): it walks the page tables of
 * that range only, where /proc/self/smaps walks and prints every mapping
 * of the process.  A page not mapped yet counts as not huge.
 */
#include <stdint.h>

/*
 * Open /proc/self/pagemap for the calls below.  Returns the descriptor,
 * or -1 (with errno) when /proc cannot be read.
 */
int mach_pagemap_open(void);

/*
 * Set *BYTES to the bytes in the first and the last END bytes of
 * [LO, HI) mapped now by PMD-size (or larger) entries: transparent huge
 * pages, anonymous or of the page cache, and hugetlb pages; both ends in
 * one walk of the range.  Returns 0, or -1 when the kernel has no
 * PAGEMAP_SCAN (errno ENOTTY or EINVAL) or refuses it.
 */
int mach_pagemap_huge(int fd, uintptr_t lo, uintptr_t hi, size_t end,
		      uint64_t *bytes);

#endif

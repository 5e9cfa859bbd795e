/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_PAGEMAP_H
#define MACHINE_PAGEMAP_H
/*
 * What this process's pages are now, asked of the kernel for one range
 * at a time with the PAGEMAP_SCAN ioctl of /proc/self/pagemap (Linux
 * 6.7): which are mapped by huge page table entries, and whether any
 * was written.  It walks the page tables of that range only, where
 * /proc/self/smaps walks and prints every mapping of the process, and
 * reading the pagemap's entries copies out eight bytes per page.
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

/*
 * Whether some page of [LO, HI) was written since it was loaded: in use
 * (present or swapped out) and not a file's page, as a private mapping
 * of a file holds where something wrote to it (a patch, a breakpoint)
 * and anonymous memory does where it was touched.  Returns 1 when one
 * was, 0 when none, -1 when the kernel cannot tell (no PAGEMAP_SCAN, or
 * FD is -1).  One walk of the range, stopped at the first page written.
 */
int mach_pagemap_written(int fd, uintptr_t lo, uintptr_t hi);

#endif

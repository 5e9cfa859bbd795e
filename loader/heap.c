/* SPDX-License-Identifier: MIT */
/*
 * Carrying the start of the brk heap over onto huge pages.
 *
 * The huge pages of the last writable segment end at the next huge-page
 * boundary after bss.  The kernel may have put the break inside that
 * range: always under "setarch -R", where the heap starts right after
 * bss, and sometimes with ASLR.  The heap may already hold data (earlier
 * constructors, static TLS).  It is copied like bss, and the break is
 * first moved to the end of the range so that later growth lands above
 * the huge pages, where the kernel can still extend it.
 */
#include <unistd.h>

#include "loader/heap.h"

int ldr_heap_make_room(uintptr_t lo, uintptr_t *hi, uintptr_t seg_end,
		uintptr_t heap_start, size_t page, struct remap_copy *copy)
{
	uintptr_t brk_now = (uintptr_t)sbrk(0);

	if (brk_now == (uintptr_t)-1)
		return 0;
	if (!heap_start)
		heap_start = brk_now;
	/*
	 * A [heap] mapping that starts inside the segment while the break
	 * lies past it is the anonymous part of bss and the heap in one
	 * mapping, as Linux 5.10 merges them when the heap starts right
	 * after bss: the heap itself starts at the first base page after
	 * the segment, where the kernel put the start of the break.
	 */
	if (heap_start < seg_end && brk_now >= seg_end) {
		uintptr_t base = (uintptr_t)sysconf(_SC_PAGESIZE);

		heap_start = (seg_end + base - 1) & ~(base - 1);
	}
	if (heap_start >= *hi || heap_start < seg_end)
		return 0;
	if (brk_now < *hi && sbrk((intptr_t)(*hi - brk_now)) == (void *)-1) {
		*hi = heap_start & ~(uintptr_t)(page - 1);
		if (*hi < lo)
			*hi = lo;
		return 0;
	}
	copy->start = heap_start;
	copy->sparse = heap_start;
	copy->end = *hi;
	copy->file_off = -1;
	return 1;
}

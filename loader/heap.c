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

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_HEAP_H
#define LOADER_HEAP_H
/*
 * The brk heap next to the last writable segment.
 */
#include <stdint.h>

#include "remap/remap.h"

/*
 * The huge-page range [lo, *hi) of the segment ending at SEG_END may
 * reach into the brk heap, which starts at HEAP_START (the [heap]
 * mapping, or 0 when the heap is still empty; a [heap] mapping that
 * starts inside the segment holds the anonymous part of bss too, and
 * the heap then starts at the first base page after SEG_END).  Make that safe:
 * move the break up to *hi so the heap keeps growing above the huge pages, and
 * describe in *COPY the heap memory the range takes in, so it is carried
 * over.  When the break cannot move, shrink *hi below the heap instead.
 * Returns 1 when *COPY was filled, 0 when the heap is not involved.
 */
int ldr_heap_make_room(uintptr_t lo, uintptr_t *hi, uintptr_t seg_end,
		uintptr_t heap_start, size_t page, struct remap_copy *copy);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_CLIP_H
#define LOADER_CLIP_H
/*
 * One part of a range, for the copier: prepare fills a read-only range
 * one huge page at a time (loader/replacement.c), each just after the kernel
 * zeroed it, so that the copy writes into memory still in the cache.
 * Pure, and unit-tested.
 */
#include <stddef.h>
#include <stdint.h>

#include "remap/remap.h"

/*
 * Make PART the range S restricted to [from, from + len): the same
 * target and scratch mapping, and the live memory S copies (S->copy)
 * clipped to that window, with file offsets and the end of the file part
 * moved to match.  A copy area outside the window becomes empty, so that
 * remap_copy_pages copies nothing of it.
 */
void ldr_range_clip(const struct remap_range *s, uintptr_t from, size_t len,
	      struct remap_range *part);

/* X brought into [LO, HI], LO <= HI: the nearer bound when outside. */
static inline uintptr_t ldr_clamp(uintptr_t x, uintptr_t lo, uintptr_t hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

#endif

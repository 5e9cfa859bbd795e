/* SPDX-License-Identifier: MIT */
/*
 * A range restricted to a window: see slice.h.
 */
#include "loader/clip.h"

void ldr_range_clip(const struct remap_range *s, uintptr_t from, size_t len,
	      struct remap_range *part)
{
	*part = *s;
	for (int i = 0; i < s->ncopy; i++) {
		const struct remap_copy *k = &s->copy[i];
		struct remap_copy *p = &part->copy[i];

		p->start = ldr_clamp(k->start, from, from + len);
		p->end = ldr_clamp(k->end, p->start, from + len);
		p->sparse = ldr_clamp(k->sparse, p->start, p->end);
		p->file_off = k->file_off < 0 ? -1 :
			      k->file_off + (long)(p->start - k->start);
		p->map = k->map ? k->map + (p->start - k->start) : 0;
		p->map_end = ldr_clamp(k->map_end, p->start, p->end);
	}
}

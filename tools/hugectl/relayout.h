/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_RELAYOUT_H
#define TOOLS_HUGECTL_RELAYOUT_H
/*
 * A program's headers as relinking with -Wl,--hugetlbfs-align would lay
 * them out, as far as a plan reads them, so that hugectl can tell a
 * program that was not relinked what relinking would give it before
 * advising it (doc/linking.md, "The layout"): each PT_LOAD starts on a
 * huge page of its own, and the one that starts with RELRO is placed so
 * that RELRO ends on a huge page boundary.  Sizes, flags and file
 * offsets stay as they are; the plan reads no offset.  Pure.
 */
#include <stddef.h>

#include "core/plan.h"

/*
 * Copy PH[0..N) into OUT[0..N) with the PT_LOAD and PT_GNU_RELRO
 * addresses laid out for huge pages of PAGE bytes (a power of two), from
 * address 0.  Returns 0, or -1 when the layout would not fit in 64 bits.
 */
int ctl_relayout(const struct hl_phdr *ph, size_t n, size_t page,
		 struct hl_phdr *out);

#endif

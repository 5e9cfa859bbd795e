/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_SEGROW_H
#define TOOLS_INSPECT_SEGROW_H
/*
 * What the text reports share: sizes and flags as people read them, and
 * the one row per segment that the program's table and each library's
 * print.
 */
#include <stdint.h>
#include <stdio.h>

#include "core/plan.h"

/* 1512 -> "1.5K", 2097152 -> "2M": a size people read at a glance. */
const char *inspect_human(uint64_t v, char *buf, size_t len);

/* p_flags as "RWXH", with '-' for each flag not set, into BUF[5]. */
void inspect_flags_text(char *buf, uint32_t flags);

/*
 * One segment's row: INDENT, then its program header's number, its
 * range of addresses in the file and, when the table has them, SIZE
 * (before the flags) and FIT (after them), each already formatted; then
 * what the runtime would do with it, padded to ACTION_WIDTH: "base
 * pages", or "N x PAGE" followed by PLACEMENT; and why.
 */
struct inspect_seg_row {
	const char *indent;
	const struct hl_seg *seg;
	const struct hl_phdr *ph;
	const char *size, *fit;	/* NULL: no such column */
	const char *placement;
	int action_width;
};

void inspect_print_seg_row(FILE *out, const struct inspect_seg_row *row);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_MAPS_LINES_H
#define FUZZ_MAPS_LINES_H
/*
 * /proc/self/maps text for the fuzz targets of core/objmaps.h and
 * core/trust.h, made from the input: either the input's own bytes, as
 * they come (any text, the parser's case), or lines built from 12-byte
 * records, in address order and without overlaps as the kernel writes
 * them, so that the rules' interesting cases (the object's file in and
 * out of place, anonymous memory, the heap, memory hugelink made, gaps)
 * come often.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/objmaps.h"

#define FZ_PAGE 4096u
#define FZ_RECORD 12
#define FZ_MAX_LINES 24

/* The object's file: the device and inode of kind 0's lines. */
static const struct hl_maps_file fz_prog = {
	.major = 0xfe, .minor = 1, .inode = 77, .path = "/lib/libx.so",
};

/* Room for the lines; the text is NUL-terminated, as ldr_maps_read
 * leaves it. */
struct fz_maps {
	char text[FZ_MAX_LINES * 96 + 1];
	struct hl_maps maps;
};

/*
 * One record: the gap before the line and its length in pages (with a
 * byte each), its permissions (a byte), its kind (a byte), its file
 * offset in pages (4 bytes) and, for the object's file, whether the
 * offset is the one its address gives (a byte), then 3 bytes of
 * nothing but padding for later records.  The first line starts at
 * BASE, the object's load address.
 */
static size_t fz_line(char *out, size_t room, const uint8_t *r,
		      uintptr_t *at, uintptr_t base)
{
	static const char *const path[] = {
		"/lib/libx.so", "", "[heap]", "/anon_hugepage (deleted)",
		"/usr/lib/other.so", "[stack]", "/memfd:hugelink (deleted)", "",
	};
	static const unsigned long inode[] = { 77, 0, 0, 9, 88, 0, 10, 0 };
	uintptr_t start = *at + (uintptr_t)(r[0] % 4) * FZ_PAGE;
	uintptr_t end = start + (uintptr_t)(1 + r[1] % 64) * FZ_PAGE;
	unsigned kind = r[3] % 8;
	uint32_t off;
	int n;

	memcpy(&off, r + 4, sizeof(off));
	off = r[8] & 1 ? (uint32_t)(start - base) : (off % 256) * FZ_PAGE;
	n = snprintf(out, room, "%lx-%lx %c%c%cp %08x %s %lu %s\n",
		     (unsigned long)start, (unsigned long)end,
		     r[2] & 1 ? 'r' : '-', r[2] & 2 ? 'w' : '-',
		     r[2] & 4 ? 'x' : '-', off,
		     kind == 4 ? "fe:02" : "fe:01", inode[kind], path[kind]);
	*at = end;
	return n > 0 && (size_t)n < room ? (size_t)n : 0;
}

/*
 * Fill M from DATA: raw text when RAW, else lines from records starting
 * at BASE.  Returns the bytes of DATA used.
 */
static size_t fz_maps_make(struct fz_maps *m, const uint8_t *data, size_t size,
			   int raw, uintptr_t base)
{
	size_t used = 0, len = 0;
	uintptr_t at = base;

	if (raw) {
		used = size < sizeof(m->text) - 1 ? size : sizeof(m->text) - 1;
		memcpy(m->text, data, used);
		len = used;
	} else {
		for (int i = 0; i < FZ_MAX_LINES && size - used >= FZ_RECORD;
		     i++, used += FZ_RECORD)
			len += fz_line(m->text + len, sizeof(m->text) - len,
				       data + used, &at, base);
	}
	m->text[len] = '\0';
	m->maps = (struct hl_maps){ .text = m->text, .len = len,
				    .cap = sizeof(m->text) };
	return used;
}

/* True when [LO, HI) lies in mappings of M, readable (and executable,
 * with EXEC), without a gap. */
static bool fz_mapped(const struct hl_maps *m, uintptr_t lo, uintptr_t hi,
		      bool exec)
{
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;

	while (lo < hi && !hl_maps_next(m, &at, line, sizeof(line), &v)) {
		if (v.end <= lo)
			continue;
		if (v.start > lo || v.perms[0] != 'r' ||
		    (exec && v.perms[2] != 'x'))
			return false;
		lo = v.end;
	}
	return lo >= hi;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the rules of an object's own memory in /proc/self/maps
 * (core/objmaps.h): what a range about to be replaced may hold, and what
 * memory serves to be read or run.  The input is a flags byte, a query
 * (16 bytes) and the maps (fuzz/maps-lines.h): raw text when the flags
 * say so, else lines in address order.
 *
 * Beyond not crashing: the range left clear stays inside the range
 * asked; and, for lines in address order, a range judged the object's to
 * take has its own memory mapped without a gap, and every mapping in
 * what is left clear of it is the object's by the rules (its file in
 * place, anonymous memory from its bss on up to its end, the heap for the
 * program); memory said to serve is mapped, readable, without a gap.
 * And the maps taken apart once (hl_maps_index) give every answer the
 * text gives.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/objmaps.h"
#include "fuzz/maps-lines.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define BASE ((uintptr_t)0x7f0000000000)
#define QUERY 16

static uintptr_t page_up(uintptr_t x)
{
	return (x + FZ_PAGE - 1) & ~(uintptr_t)(FZ_PAGE - 1);
}

static uint16_t u16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* Sort the N values at V, smallest first. */
static void sort(uintptr_t *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int k = i; k > 0 && v[k] < v[k - 1]; k--) {
			uintptr_t t = v[k];

			v[k] = v[k - 1];
			v[k - 1] = t;
		}
}

/*
 * The query: lo <= own_lo <= file_end <= own_hi <= hi, as prepare asks
 * it; the segment's bounds anywhere in a page, the range's on pages.
 */
static void make_query(struct hl_maps_query *q, const uint8_t *p, bool brk)
{
	uintptr_t v[5];

	v[0] = BASE + (uintptr_t)(u16(p) % 2048) * FZ_PAGE;
	v[1] = BASE + (uintptr_t)(u16(p + 2) % 2048) * FZ_PAGE + p[10] * 16u;
	v[2] = BASE + (uintptr_t)(u16(p + 4) % 2048) * FZ_PAGE + p[11] * 16u;
	v[3] = BASE + (uintptr_t)(u16(p + 6) % 2048) * FZ_PAGE + p[12] * 16u;
	v[4] = BASE + (uintptr_t)(u16(p + 8) % 2048) * FZ_PAGE;
	sort(v, 5);
	memset(q, 0, sizeof(*q));
	q->lo = v[0];
	q->own_lo = v[1];
	q->file_end = p[13] & 1 ? v[1] : v[2];	/* sometimes no file bytes */
	q->own_hi = v[3];
	q->hi = v[4];
	q->prog = &fz_prog;
	q->file_off = p[13] & 2 ? (unsigned long)(q->own_lo - BASE) :
				  (unsigned long)u16(p + 14) * FZ_PAGE;
	q->base = FZ_PAGE;
	q->brk_follows = brk;
}

static bool is_prog(const struct hl_maps_line *v)
{
	return v->inode == fz_prog.inode && v->major == fz_prog.major &&
	       v->minor == fz_prog.minor;
}

/* V, which meets the clear part of Q's range, is the object's. */
static bool own(const struct hl_maps_query *q, const struct hl_maps_line *v,
		uintptr_t clear_hi)
{
	uintptr_t a = page_up(q->file_end), b = page_up(q->own_hi);
	uintptr_t at = v->start > q->own_lo ? v->start : q->own_lo;

	if (is_prog(v))
		return v->start >= q->file_end || v->end <= q->own_lo ||
		       (v->perms[0] == 'r' &&
			v->offset + (at - v->start) ==
				q->file_off + (at - q->own_lo));
	if (!strcmp(v->path, "[heap]"))
		return q->brk_follows && v->start >= a;
	return !v->inode && !*v->path && v->start >= a && v->start < b &&
	       (v->end <= b || clear_hi <= b);
}

/* For a verdict to take: the own memory mapped whole, and every mapping
 * in the clear part the object's. */
static void check_take(const struct hl_maps *m, const struct hl_maps_query *q,
		       const struct hl_maps_info *info)
{
	uintptr_t a = q->own_lo > q->lo ? q->own_lo : q->lo;
	uintptr_t b = q->own_hi < q->hi ? q->own_hi : q->hi;
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;

	while (!hl_maps_next(m, &at, line, sizeof(line), &v)) {
		if (v.end <= v.start)
			continue;
		if (v.start <= a && v.end > a)
			a = v.end;
		if (v.end > info->clear_lo && v.start < info->clear_hi &&
		    v.end > q->lo && v.start < q->hi &&
		    !own(q, &v, info->clear_hi))
			abort();
	}
	if (a < b)
		abort();
}

/* What is asked of the maps. */
struct answers {
	enum hl_maps_verdict verdict;
	struct hl_maps_info info;
	bool serve;
	int file_at;
	struct hl_maps_file file;
};

static void ask(const struct hl_maps *m, const struct hl_maps_query *q,
		const struct hl_maps_file *serve_file, bool exec,
		struct answers *a)
{
	memset(a, 0, sizeof(*a));
	a->verdict = hl_maps_check(m, q, &a->info);
	a->serve = hl_maps_serve(m, q->own_lo, q->own_hi, serve_file, exec);
	a->file_at = hl_maps_file_at(m, q->own_lo, q->file_off, &a->file);
}

/* The answers A of FM's text, asked again of a copy taken apart once. */
static void check_indexed(const struct fz_maps *fm,
			  const struct hl_maps_query *q,
			  const struct hl_maps_file *serve_file, bool exec,
			  const struct answers *a)
{
	static struct fz_maps copy;
	static struct hl_maps_line lines[FZ_MAX_LINES * 96];
	struct answers b;

	copy = *fm;
	copy.maps.text = copy.text;
	if (hl_maps_index(&copy.maps, lines, sizeof(lines) / sizeof(lines[0])))
		abort();
	ask(&copy.maps, q, serve_file, exec, &b);
	if (a->verdict != b.verdict || a->serve != b.serve ||
	    a->file_at != b.file_at ||
	    memcmp(&a->info, &b.info, sizeof(a->info)) ||
	    (!a->file_at && memcmp(&a->file, &b.file, sizeof(a->file))))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_maps fm;
	struct hl_maps_query q;
	struct hl_maps_info info;
	struct hl_maps_file file;
	enum hl_maps_verdict verdict;
	struct answers answers;
	uintptr_t lo, hi;
	bool raw, exec;

	if (size < 1 + QUERY)
		return 0;
	raw = data[0] & 1;
	exec = data[0] & 4;
	make_query(&q, data + 1, data[0] & 2);
	fz_maps_make(&fm, data + 1 + QUERY, size - 1 - QUERY, raw, BASE);
	fm.maps.brk = BASE + 0x10000000;

	verdict = hl_maps_check(&fm.maps, &q, &info);
	if (info.clear_lo < q.lo || info.clear_hi > q.hi ||
	    !memchr(info.foreign, '\0', sizeof(info.foreign)))
		abort();
	if (!raw && verdict == HL_MAPS_OURS_TO_TAKE)
		check_take(&fm.maps, &q, &info);

	lo = q.own_lo;
	hi = q.own_hi;
	if (hl_maps_serve(&fm.maps, lo, hi, data[0] & 8 ? &fz_prog : NULL,
			  exec) && !raw && !fz_mapped(&fm.maps, lo, hi, exec))
		abort();
	if (!hl_maps_file_at(&fm.maps, q.own_lo, q.file_off, &file) &&
	    (file.start > q.own_lo || file.end <= q.own_lo ||
	     file.path[0] != '/'))
		abort();
	ask(&fm.maps, &q, data[0] & 8 ? &fz_prog : NULL, exec, &answers);
	check_indexed(&fm, &q, data[0] & 8 ? &fz_prog : NULL, exec, &answers);
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * A loaded object's memory in /proc/self/maps: see objmaps.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/objmaps.h"

/* V maps PROG, the object's own file. */
static bool maps_prog(const struct hl_maps_line *v,
		      const struct hl_maps_file *prog)
{
	return v->inode == prog->inode && v->major == prog->major &&
	       v->minor == prog->minor;
}

static uintptr_t page_up(uintptr_t x, size_t base)
{
	return base ? (x + base - 1) & ~(uintptr_t)(base - 1) : x;
}

/* Where anonymous memory may be the segment's: its bss. */
static uintptr_t anon_lo(const struct hl_maps_query *q)
{
	return page_up(q->file_end, q->base);
}

static uintptr_t anon_hi(const struct hl_maps_query *q)
{
	return page_up(q->own_hi, q->base);
}

/* Name V in INFO's report, with WHAT it is. */
static void name(const struct hl_maps_line *v, const char *what,
		 struct hl_maps_info *info)
{
	if (!info->refused)
		snprintf(info->foreign, sizeof(info->foreign), "%lx-%lx %s%s",
		 (unsigned long)v->start, (unsigned long)v->end,
		 *v->path ? v->path : "(anonymous)", what);
}

/*
 * V, own memory of the segment, still has the segment's protection.  The
 * kernel maps the zero-filled end of a program's segment (ANON) as it
 * maps the brk heap, writable whatever the segment says.
 */
static bool keeps_perms(const struct hl_maps_query *q,
			const struct hl_maps_line *v, bool anon,
			struct hl_maps_info *info)
{
	char what[48], want[3];

	if (!q->perms)
		return true;
	memcpy(want, q->perms, sizeof(want));
	if (anon && v->perms[1] == 'w')
		want[1] = 'w';
	if (!memcmp(v->perms, want, sizeof(want)))
		return true;
	snprintf(what, sizeof(what), " (made %.3s, where the segment is %.3s)",
		 v->perms, q->perms);
	name(v, what, info);
	return false;
}

/*
 * V maps PROG where the segment holds file bytes: it must be readable
 * (the copy may read it) and hold each byte at its own offset.  A
 * mapping of PROG elsewhere is one of the object's other parts.
 */
static bool prog_in_place(const struct hl_maps_query *q,
			  const struct hl_maps_line *v,
			  struct hl_maps_info *info)
{
	uintptr_t at = v->start > q->own_lo ? v->start : q->own_lo;

	if (v->start >= q->file_end || v->end <= q->own_lo)
		return true;
	if (v->perms[0] != 'r') {
		name(v, " (not readable)", info);
		return false;
	}
	if (!keeps_perms(q, v, false, info))
		return false;
	if (v->offset + (at - v->start) != q->file_off + (at - q->own_lo)) {
		name(v, " (another part of the file)", info);
		return false;
	}
	return true;
}

/* Anonymous memory, or the brk heap for the program, where bss is. */
static bool anon_own(const struct hl_maps_query *q,
		     const struct hl_maps_line *v)
{
	return v->start >= anon_lo(q) && v->start < anon_hi(q);
}

/*
 * Bss in a mapping that goes on past it (the kernel merges anonymous
 * neighbours): the range stops at the end of bss's last base page.
 */
static void stop_after_bss(const struct hl_maps_query *q,
			   const struct hl_maps_line *v,
			   struct hl_maps_info *info)
{
	if (v->end > anon_hi(q) && anon_hi(q) < info->clear_hi) {
		info->clear_hi = anon_hi(q);
		name(v, " (past the segment's end)", info);
	}
}

static enum hl_maps_verdict classify(const struct hl_maps_query *q,
				     const struct hl_maps_line *v,
				     struct hl_maps_info *info)
{
	bool heap = !strcmp(v->path, "[heap]");

	if (heap && q->brk_follows && v->start >= anon_lo(q)) {
		info->heap_start = v->start;
		return keeps_perms(q, v, true, info) ? HL_MAPS_OURS_TO_TAKE :
						       HL_MAPS_FOREIGN;
	}
	if (!heap && !v->inode && !*v->path && anon_own(q, v)) {
		stop_after_bss(q, v, info);
		return keeps_perms(q, v, true, info) ? HL_MAPS_OURS_TO_TAKE :
						       HL_MAPS_FOREIGN;
	}
	if (maps_prog(v, q->prog))
		return prog_in_place(q, v, info) ? HL_MAPS_OURS_TO_TAKE :
						    HL_MAPS_FOREIGN;
	if (hl_maps_made_by_hugelink(v->path))
		return HL_MAPS_ALREADY_HUGE;
	name(v, "", info);
	return HL_MAPS_FOREIGN;
}

/* A foreign mapping beside the segment's own memory shortens the range. */
static enum hl_maps_verdict narrow(const struct hl_maps_line *v,
				   uintptr_t own_lo, uintptr_t own_hi,
				   struct hl_maps_info *info)
{
	if (v->end <= own_lo) {
		if (v->end > info->clear_lo)
			info->clear_lo = v->end;
		return HL_MAPS_OURS_TO_TAKE;
	}
	if (v->start >= own_hi) {
		if (v->start < info->clear_hi)
			info->clear_hi = v->start;
		return HL_MAPS_OURS_TO_TAKE;
	}
	return HL_MAPS_FOREIGN;
}

/* Something other than the file where the segment holds file bytes. */
static bool moved(const struct hl_maps_query *q, const struct hl_maps_line *v)
{
	return v->start < q->file_end && v->end > q->own_lo &&
	       !maps_prog(v, q->prog);
}

/* The end of the own memory the range takes. */
static uintptr_t own_end(const struct hl_maps_query *q)
{
	return q->own_hi < q->hi ? q->own_hi : q->hi;
}

/*
 * Count V in what covers the own memory inside the range: a hole before
 * it is a gap.
 */
static bool covers(const struct hl_maps_query *q, const struct hl_maps_line *v,
		   struct hl_maps_info *info)
{
	if (v->end <= q->own_lo || v->start >= own_end(q))
		return true;
	if (v->start > info->covered) {
		info->refused = true;
		snprintf(info->foreign, sizeof(info->foreign),
			 "nothing mapped at %lx-%lx",
			 (unsigned long)info->covered, (unsigned long)v->start);
		return false;
	}
	if (v->end > info->covered)
		info->covered = v->end;
	return true;
}

void hl_maps_begin(const struct hl_maps_query *q, struct hl_maps_info *info)
{
	memset(info, 0, sizeof(*info));
	info->clear_lo = q->lo;
	info->clear_hi = q->hi;
	info->covered = q->own_lo > q->lo ? q->own_lo : q->lo;
}

enum hl_maps_verdict hl_maps_judge(const struct hl_maps_query *q,
				   const struct hl_maps_line *v,
				   struct hl_maps_info *info)
{
	enum hl_maps_verdict verdict;

	if (v->end <= q->lo || v->start >= q->hi) {
		if (!strcmp(v->path, "[heap]"))
			info->heap_start = v->start;
		return HL_MAPS_OURS_TO_TAKE;
	}
	if (!covers(q, v, info))
		return HL_MAPS_GAP;
	if (moved(q, v))
		return HL_MAPS_ALREADY_HUGE;
	verdict = classify(q, v, info);
	if (verdict == HL_MAPS_FOREIGN)
		verdict = narrow(v, q->own_lo, q->own_hi, info);
	if (verdict == HL_MAPS_FOREIGN)
		info->refused = true;
	return verdict;
}

enum hl_maps_verdict hl_maps_end(const struct hl_maps_query *q,
				 struct hl_maps_info *info)
{
	if (info->covered >= own_end(q))
		return HL_MAPS_OURS_TO_TAKE;
	if (!info->refused)
		snprintf(info->foreign, sizeof(info->foreign),
			 "nothing mapped at %lx-%lx",
			 (unsigned long)info->covered,
			 (unsigned long)own_end(q));
	return HL_MAPS_GAP;
}

int hl_maps_file_match(uintptr_t addr, unsigned long off,
		       const struct hl_maps_line *v, struct hl_maps_file *file)
{
	if (addr < v->start || addr >= v->end || !v->inode ||
	    v->path[0] != '/' || strlen(v->path) >= sizeof(file->path) ||
	    v->offset + (addr - v->start) != off ||
	    hl_maps_made_by_hugelink(v->path))
		return 0;
	file->major = v->major;
	file->minor = v->minor;
	file->inode = v->inode;
	file->start = v->start;
	file->end = v->end;
	strcpy(file->path, v->path);
	return 1;
}

/* The lines of the LEN bytes at TEXT, the last one with or without its
 * newline. */
static size_t count_lines(const char *text, size_t len)
{
	size_t n = 0;

	for (size_t at = 0; at < len; n++) {
		const char *nl = memchr(text + at, '\n', len - at);

		at = nl ? (size_t)(nl - text) + 1 : len;
	}
	return n;
}

int hl_maps_index(struct hl_maps *m, struct hl_maps_line *lines, size_t cap)
{
	size_t n, at = 0;

	if (!m->text || count_lines(m->text, m->len) > cap)
		return -1;
	for (n = 0; at < m->len;) {
		char *from = m->text + at;
		char *nl = memchr(from, '\n', m->len - at);

		at = nl ? (size_t)(nl - m->text) + 1 : m->len;
		if (nl)
			*nl = '\0';
		if (!hl_maps_line_parse(from, &lines[n]))
			n++;
	}
	m->line = lines;
	m->nlines = n;
	return 0;
}

int hl_maps_next(const struct hl_maps *m, size_t *at, char *line, size_t len,
		 struct hl_maps_line *v)
{
	if (m->line) {
		if (*at >= m->nlines)
			return -1;
		*v = m->line[(*at)++];
		return 0;
	}
	while (*at < m->len) {
		const char *from = m->text + *at;
		const char *nl = memchr(from, '\n', m->len - *at);
		size_t n = nl ? (size_t)(nl - from) : m->len - *at;

		*at += n + 1;
		if (n >= len)
			return -2;
		memcpy(line, from, n);
		line[n] = '\0';
		if (!hl_maps_line_parse(line, v))
			return 0;
	}
	return -1;
}

int hl_maps_file_at(const struct hl_maps *m, uintptr_t addr,
		     unsigned long off, struct hl_maps_file *file)
{
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;

	while (!hl_maps_next(m, &at, line, sizeof(line), &v)) {
		if (hl_maps_file_match(addr, off, &v, file))
			return 0;
		if (addr >= v.start && addr < v.end)
			return !v.inode || hl_maps_made_by_hugelink(v.path) ?
				       1 : -1;
	}
	return -1;
}

int hl_maps_object_file(const struct hl_maps *m, const struct hl_plan *plan,
			const struct hl_phdr *ph, struct hl_maps_file *file)
{
	int verdict = 1;

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *seg = &plan->seg[i];
		int found;

		if (seg->file_end == seg->start)
			continue;
		found = hl_maps_file_at(m, seg->start, ph[seg->phdr].offset,
					file);
		if (!found)
			return 0;
		if (found < 0)
			verdict = -1;
	}
	return verdict;
}

int hl_maps_each_hole(const struct hl_maps *m, uintptr_t lo, uintptr_t hi,
		      int (*fn)(uintptr_t lo, uintptr_t hi, void *ctx),
		      void *ctx)
{
	char line[4096 + 128];
	struct hl_maps_line v;
	uintptr_t at = lo;
	size_t i = 0;
	int next = -1, r;

	if (!m->text)
		return -1;
	while (at < hi && !(next = hl_maps_next(m, &i, line, sizeof(line),
						&v))) {
		if (v.end <= at)
			continue;
		if (v.start > at && (r = fn(at, v.start < hi ? v.start : hi,
					   ctx)))
			return r;
		at = v.end;
	}
	if (at < hi && next == -2)
		return -1;
	return at < hi ? fn(at, hi, ctx) : 0;
}

enum hl_maps_verdict hl_maps_check(const struct hl_maps *m,
				   const struct hl_maps_query *q,
				   struct hl_maps_info *info)
{
	enum hl_maps_verdict worst = HL_MAPS_OURS_TO_TAKE, verdict;
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;
	int next;

	hl_maps_begin(q, info);
	if (!m->text)
		return HL_MAPS_UNREADABLE;
	while (!(next = hl_maps_next(m, &at, line, sizeof(line), &v))) {
		verdict = hl_maps_judge(q, &v, info);
		if (verdict > worst)
			worst = verdict;
	}
	if (next == -2) {
		snprintf(info->foreign, sizeof(info->foreign),
			 "a line of more than %zu bytes", sizeof(line) - 1);
		return HL_MAPS_UNREADABLE;
	}
	verdict = hl_maps_end(q, info);
	if (verdict > worst)
		worst = verdict;
	if (!info->heap_start)
		info->heap_start = m->brk;
	return worst;
}

bool hl_maps_line_serves(const struct hl_maps_line *v,
			  const struct hl_maps_file *file, bool exec)
{
	if (v->perms[0] != 'r' || (exec && v->perms[2] != 'x'))
		return false;
	if (file && v->inode == file->inode && v->major == file->major &&
	    v->minor == file->minor)
		return true;
	return hl_maps_made_by_hugelink(v->path) || (!v->inode && !*v->path);
}

bool hl_maps_serve(const struct hl_maps *m, uintptr_t lo, uintptr_t hi,
		    const struct hl_maps_file *file, bool exec)
{
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;

	if (!m->text || hi < lo)
		return false;
	while (lo < hi && !hl_maps_next(m, &at, line, sizeof(line), &v)) {
		if (v.end <= lo)
			continue;
		if (v.start > lo || !hl_maps_line_serves(&v, file, exec))
			return false;
		lo = v.end;
	}
	return lo >= hi;
}

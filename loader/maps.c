/* SPDX-License-Identifier: MIT */
/*
 * Reading /proc/self/maps before a range is replaced: the range may hold
 * only what we know how to carry over.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "loader/maps.h"

/* V maps PROG, the object's own file. */
static bool maps_prog(const struct hl_maps_line *v,
		      const struct ldr_maps_file *prog)
{
	return v->inode == prog->inode && v->major == prog->major &&
	       v->minor == prog->minor;
}

static uintptr_t page_up(uintptr_t x, size_t base)
{
	return base ? (x + base - 1) & ~(uintptr_t)(base - 1) : x;
}

/* Where anonymous memory may be the segment's: its bss. */
static uintptr_t anon_lo(const struct ldr_maps_query *q)
{
	return page_up(q->file_end, q->base);
}

static uintptr_t anon_hi(const struct ldr_maps_query *q)
{
	return page_up(q->own_hi, q->base);
}

/* Name V in INFO's report, with WHAT it is. */
static void name(const struct hl_maps_line *v, const char *what,
		 struct ldr_maps_info *info)
{
	if (!info->refused)
		snprintf(info->foreign, sizeof(info->foreign), "%lx-%lx %s%s",
		 (unsigned long)v->start, (unsigned long)v->end,
		 *v->path ? v->path : "(anonymous)", what);
}

/*
 * V maps PROG where the segment holds file bytes: it must be readable
 * (the copy may read it) and hold each byte at its own offset.  A
 * mapping of PROG elsewhere is one of the object's other parts.
 */
static bool prog_in_place(const struct ldr_maps_query *q,
			  const struct hl_maps_line *v,
			  struct ldr_maps_info *info)
{
	uintptr_t at = v->start > q->own_lo ? v->start : q->own_lo;

	if (v->start >= q->file_end || v->end <= q->own_lo)
		return true;
	if (v->perms[0] != 'r') {
		name(v, " (not readable)", info);
		return false;
	}
	if (v->offset + (at - v->start) != q->file_off + (at - q->own_lo)) {
		name(v, " (another part of the file)", info);
		return false;
	}
	return true;
}

/* Anonymous memory, or the brk heap for the program, where bss is. */
static bool anon_own(const struct ldr_maps_query *q,
		     const struct hl_maps_line *v)
{
	return v->start >= anon_lo(q) && v->start < anon_hi(q);
}

/*
 * Bss in a mapping that goes on past it (the kernel merges anonymous
 * neighbours): the range stops at the end of bss's last base page.
 */
static void stop_after_bss(const struct ldr_maps_query *q,
			   const struct hl_maps_line *v,
			   struct ldr_maps_info *info)
{
	if (v->end > anon_hi(q) && anon_hi(q) < info->clear_hi) {
		info->clear_hi = anon_hi(q);
		name(v, " (past the segment's end)", info);
	}
}

static enum ldr_maps_verdict classify(const struct ldr_maps_query *q,
				     const struct hl_maps_line *v,
				     struct ldr_maps_info *info)
{
	bool heap = !strcmp(v->path, "[heap]");

	if (heap && q->brk_follows && v->start >= anon_lo(q)) {
		info->heap_start = v->start;
		return LDR_MAPS_OURS_TO_TAKE;
	}
	if (!heap && !v->inode && !*v->path && anon_own(q, v)) {
		stop_after_bss(q, v, info);
		return LDR_MAPS_OURS_TO_TAKE;
	}
	if (maps_prog(v, q->prog))
		return prog_in_place(q, v, info) ? LDR_MAPS_OURS_TO_TAKE :
						    LDR_MAPS_FOREIGN;
	if (hl_maps_made_by_hugelink(v->path))
		return LDR_MAPS_ALREADY_HUGE;
	name(v, "", info);
	return LDR_MAPS_FOREIGN;
}

/* A foreign mapping beside the segment's own memory shortens the range. */
static enum ldr_maps_verdict narrow(const struct hl_maps_line *v,
				   uintptr_t own_lo, uintptr_t own_hi,
				   struct ldr_maps_info *info)
{
	if (v->end <= own_lo) {
		if (v->end > info->clear_lo)
			info->clear_lo = v->end;
		return LDR_MAPS_OURS_TO_TAKE;
	}
	if (v->start >= own_hi) {
		if (v->start < info->clear_hi)
			info->clear_hi = v->start;
		return LDR_MAPS_OURS_TO_TAKE;
	}
	return LDR_MAPS_FOREIGN;
}

/* Something other than the file where the segment holds file bytes. */
static bool moved(const struct ldr_maps_query *q, const struct hl_maps_line *v)
{
	return v->start < q->file_end && v->end > q->own_lo &&
	       !maps_prog(v, q->prog);
}

/* The end of the own memory the range takes. */
static uintptr_t own_end(const struct ldr_maps_query *q)
{
	return q->own_hi < q->hi ? q->own_hi : q->hi;
}

/*
 * Count V in what covers the own memory inside the range: a hole before
 * it is a gap.
 */
static bool covers(const struct ldr_maps_query *q, const struct hl_maps_line *v,
		   struct ldr_maps_info *info)
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

void ldr_maps_begin(const struct ldr_maps_query *q, struct ldr_maps_info *info)
{
	memset(info, 0, sizeof(*info));
	info->clear_lo = q->lo;
	info->clear_hi = q->hi;
	info->covered = q->own_lo > q->lo ? q->own_lo : q->lo;
}

enum ldr_maps_verdict ldr_maps_judge(const struct ldr_maps_query *q,
				   const struct hl_maps_line *v,
				   struct ldr_maps_info *info)
{
	enum ldr_maps_verdict verdict;

	if (v->end <= q->lo || v->start >= q->hi) {
		if (!strcmp(v->path, "[heap]"))
			info->heap_start = v->start;
		return LDR_MAPS_OURS_TO_TAKE;
	}
	if (!covers(q, v, info))
		return LDR_MAPS_GAP;
	if (moved(q, v))
		return LDR_MAPS_ALREADY_HUGE;
	verdict = classify(q, v, info);
	if (verdict == LDR_MAPS_FOREIGN)
		verdict = narrow(v, q->own_lo, q->own_hi, info);
	if (verdict == LDR_MAPS_FOREIGN)
		info->refused = true;
	return verdict;
}

enum ldr_maps_verdict ldr_maps_end(const struct ldr_maps_query *q,
				 struct ldr_maps_info *info)
{
	if (info->covered >= own_end(q))
		return LDR_MAPS_OURS_TO_TAKE;
	if (!info->refused)
		snprintf(info->foreign, sizeof(info->foreign),
			 "nothing mapped at %lx-%lx", (unsigned long)info->covered,
			 (unsigned long)own_end(q));
	return LDR_MAPS_GAP;
}

int ldr_maps_file_match(uintptr_t addr, unsigned long off,
		       const struct hl_maps_line *v, struct ldr_maps_file *file)
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

/* Room for a start-up's maps many times over; it grows if need be. */
#define MAPS_ROOM (64 * 1024)

/* Double M's room; 0, or -1 when it cannot. */
static int grow(struct ldr_maps *m)
{
	void *more = mremap(m->text, m->cap, 2 * m->cap, MREMAP_MAYMOVE);

	if (more == MAP_FAILED)
		return -1;
	m->text = more;
	m->cap *= 2;
	return 0;
}

int ldr_maps_read(struct ldr_maps *m)
{
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	void *brk_now = sbrk(0);
	ssize_t got = -1;

	memset(m, 0, sizeof(*m));
	if (fd < 0)
		return -1;
	m->cap = MAPS_ROOM;
	m->text = mmap(NULL, m->cap, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->text == MAP_FAILED)
		m->text = NULL;
	while (m->text) {
		if (m->len + 1 == m->cap && grow(m)) {
			got = -1;
			break;
		}
		got = read(fd, m->text + m->len, m->cap - 1 - m->len);
		if (got <= 0)
			break;
		m->len += (size_t)got;
	}
	close(fd);
	if (got < 0) {
		ldr_maps_free(m);
		return -1;
	}
	m->text[m->len] = '\0';
	m->brk = brk_now == (void *)-1 ? 0 : (uintptr_t)brk_now;
	return 0;
}

void ldr_maps_free(struct ldr_maps *m)
{
	if (m->text)
		munmap(m->text, m->cap);
	m->text = NULL;
}

/*
 * The next line of M from *AT on, taken apart into V (its path pointing
 * into LINE, a copy); returns 0, or -1 at the end.  Lines that are not
 * maps lines are skipped.
 */
static int next(const struct ldr_maps *m, size_t *at, char *line, size_t len,
		struct hl_maps_line *v)
{
	while (*at < m->len) {
		const char *from = m->text + *at;
		const char *nl = memchr(from, '\n', m->len - *at);
		size_t n = nl ? (size_t)(nl - from) : m->len - *at;

		*at += n + 1;
		if (n >= len)
			continue;
		memcpy(line, from, n);
		line[n] = '\0';
		if (!hl_maps_line_parse(line, v))
			return 0;
	}
	return -1;
}

int ldr_maps_file_at(const struct ldr_maps *m, uintptr_t addr,
		     unsigned long off, struct ldr_maps_file *file)
{
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;

	while (!next(m, &at, line, sizeof(line), &v)) {
		if (ldr_maps_file_match(addr, off, &v, file))
			return 0;
		if (addr >= v.start && addr < v.end)
			return !v.inode || hl_maps_made_by_hugelink(v.path) ?
				       1 : -1;
	}
	return -1;
}

int ldr_maps_object_file(const struct ldr_maps *m, const struct hl_plan *plan,
			const struct hl_phdr *ph, struct ldr_maps_file *file)
{
	int verdict = 1;

	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *seg = &plan->seg[i];
		int found;

		if (seg->file_end == seg->start)
			continue;
		found = ldr_maps_file_at(m, seg->start, ph[seg->phdr].offset, file);
		if (!found)
			return 0;
		if (found < 0)
			verdict = -1;
	}
	return verdict;
}

enum ldr_maps_verdict ldr_maps_check(const struct ldr_maps *m,
				   const struct ldr_maps_query *q,
				   struct ldr_maps_info *info)
{
	enum ldr_maps_verdict worst = LDR_MAPS_OURS_TO_TAKE, verdict;
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;

	ldr_maps_begin(q, info);
	if (!m->text)
		return LDR_MAPS_UNREADABLE;
	while (!next(m, &at, line, sizeof(line), &v)) {
		verdict = ldr_maps_judge(q, &v, info);
		if (verdict > worst)
			worst = verdict;
	}
	verdict = ldr_maps_end(q, info);
	if (verdict > worst)
		worst = verdict;
	if (!info->heap_start)
		info->heap_start = m->brk;
	return worst;
}

bool ldr_maps_line_serves(const struct hl_maps_line *v,
			  const struct ldr_maps_file *file, bool exec)
{
	if (v->perms[0] != 'r' || (exec && v->perms[2] != 'x'))
		return false;
	if (file && v->inode == file->inode && v->major == file->major &&
	    v->minor == file->minor)
		return true;
	return hl_maps_made_by_hugelink(v->path) || (!v->inode && !*v->path);
}

bool ldr_maps_serve(const struct ldr_maps *m, uintptr_t lo, uintptr_t hi,
		    const struct ldr_maps_file *file, bool exec)
{
	char line[4096 + 128];
	struct hl_maps_line v;
	size_t at = 0;

	if (!m->text || hi < lo)
		return false;
	while (lo < hi && !next(m, &at, line, sizeof(line), &v)) {
		if (v.end <= lo)
			continue;
		if (v.start > lo || !ldr_maps_line_serves(&v, file, exec))
			return false;
		lo = v.end;
	}
	return lo >= hi;
}

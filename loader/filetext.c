/* SPDX-License-Identifier: MIT */
/*
 * The file backing: see filetext.h.  madvise goes through the raw system
 * call (arch/raw.h), which also serves advice values older libc headers
 * lack.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch/raw.h"
#include "core/filetext.h"
#include "core/size.h"
#include "loader/filetext.h"
#include "loader/smaps.h"
#include "machine/bound.h"
#include "machine/fstype.h"
#include "machine/mdwe.h"
#include "machine/pagemap.h"
#include "machine/status.h"
#include "machine/vmaquery.h"

/* One range tried, and what it got. */
struct try {
	struct hl_seg *seg;
	uintptr_t lo, hi;
	uint64_t delta;		/* file offset - address */
	struct hl_filetext_got got;
	uint64_t probed;	/* bytes of the huge pages probe() populated */
	long faults;		/* the most page faults one probe took, or -1 */
	bool read_in;		/* a probe read its page from the file */
	bool entry_small;	/* the huge page the runtime runs in is
				   mapped from small folios */
	bool small;		/* no whole huge page of file bytes */
	int span;		/* enum span_why */
	const char *fs;		/* the file system, when one of those whose
				   page cache is not used (machine/fstype.h) */
	int refusal;		/* enum refusal */
	int err;		/* the errno of a call refused */
};

struct serve {
	const struct ldr_image *img;
	const struct ldr_move_ctx *ctx;
	struct ldr_report *rep;
	struct try t[HL_MAX_SEGS];
	int n;
};

/*
 * Why a range was refused once tried, beside its span; put in words
 * only when said (reason), so that a range holds no text of its own.
 */
enum refusal {
	REFUSED_NOT,
	REFUSED_ADVICE,		/* MADV_HUGEPAGE failed: T->err */
	REFUSED_POPULATE,	/* MADV_POPULATE_READ failed: T->err */
	REFUSED_NO_SMAPS,	/* it could not be measured */
	REFUSED_THP_OFF,	/* the process turned THP off */
};

/* Why a range cannot be served, known from the plan alone. */
enum span_why {
	SPAN_OK,
	SPAN_OTHER_SIZE,	/* not the page cache's huge page size */
	SPAN_SMALL,		/* no whole huge page of file bytes */
	SPAN_NOT_CONGRUENT,	/* file offset != address (mod page) */
};

/*
 * The whole huge pages of file bytes in SEG's range, if congruent; -1
 * when they cannot be served, with T->span saying why (put in words
 * only when said: see reason).
 */
static int span_of(const struct serve *sv, struct hl_seg *seg, struct try *t)
{
	const struct hl_phdr *ph = &sv->img->ph[seg->phdr];
	struct hl_filetext ft;

	hl_filetext_span(ph, seg->page, &ft);
	*t = (struct try){ .seg = seg };
	t->lo = ft.start + sv->img->bias;
	t->hi = ft.end + sv->img->bias;
	t->lo = t->lo > seg->map_start ? t->lo : seg->map_start;
	t->hi = t->hi < seg->map_end ? t->hi : seg->map_end;
	t->delta = ph->offset - ph->vaddr - sv->img->bias;
	if (seg->page != hl_pmd_size(sv->ctx->sizes->s.base))
		t->span = SPAN_OTHER_SIZE;
	else if ((t->small = t->hi <= t->lo))
		t->span = SPAN_SMALL;
	else if (!ft.congruent || sv->img->bias % seg->page)
		t->span = SPAN_NOT_CONGRUENT;
	return t->span == SPAN_OK ? 0 : -1;
}

/* T->span in words, in WHY (LEN bytes). */
static void span_text(const struct try *t, char *why, size_t len)
{
	char sz[16];

	hl_format_size(t->seg->page, sz, sizeof(sz));
	if (t->span == SPAN_OTHER_SIZE)
		snprintf(why, len, "the page cache has no %s pages", sz);
	else if (t->span == SPAN_SMALL)
		snprintf(why, len, "no whole %s page of file bytes", sz);
	else
		snprintf(why, len, "its file offset is not congruent to its "
			 "address modulo %s (relink with hugetlbfs-ld "
			 "--hugetlbfs-align)", sz);
}

/* Whether T was refused before it was measured. */
static bool refused(const struct try *t)
{
	return t->span != SPAN_OK || t->refusal != REFUSED_NOT;
}

/* What getrusage counts of this thread: its page faults, minor and
 * major, or -1 where it cannot tell; the major ones; and the blocks it
 * has read (with CONFIG_TASK_IO_ACCOUNTING; 0 without). */
struct thread_count {
	long faults;
	long major;
	long inblock;
};

/*
 * Count this thread's page faults and reads into *C (getrusage, with the
 * raw system call, which spares the dynamic loader binding a libc
 * function at its first call, about 0.6 us).  The kernel counts the
 * faults it takes for MADV_POPULATE_READ as well: one each time it maps,
 * so one for a huge page it maps with a PMD.
 */
static void thread_count(struct thread_count *c)
{
	struct rusage ru;

	*c = (struct thread_count){ .faults = -1 };
	if (raw_syscall6(SYS_getrusage, RUSAGE_THREAD, (long)&ru, 0, 0, 0, 0))
		return;
	c->faults = ru.ru_minflt + ru.ru_majflt;
	c->major = ru.ru_majflt;
	c->inblock = ru.ru_inblock;
}

/*
 * Whether the probes between counts A and B read from the file: a major
 * fault, and blocks read.  A fault is major also where it was retried
 * with nothing read (it waited for a folio another task held locked, or
 * started a read-ahead at a folio's read-ahead mark, which priming
 * clears: machine/pagecache.h); blocks are read also by a read-ahead
 * that such a mark started past the page probed.
 */
static bool read_between(const struct thread_count *a,
			 const struct thread_count *b)
{
	return a->faults >= 0 && b->faults >= 0 && b->major > a->major &&
	       b->inblock > a->inblock;
}

/* Populate [AT, AT + PAGE) of T; -1, T refused, when the kernel
 * refuses. */
static int populate(struct try *t, uintptr_t at, size_t page)
{
	long r = raw_madvise((void *)at, page, MADV_POPULATE_READ);

	if (!r)
		return 0;
	t->refusal = REFUSED_POPULATE;
	t->err = (int)-r;
	return -1;
}

/* The larger of the counts of faults from C[0] to C[1] and from C[1] to
 * C[2]; -1 when one of them is. */
static long most_faults(const struct thread_count c[3])
{
	long one, two;

	if (c[0].faults < 0 || c[1].faults < 0 || c[2].faults < 0)
		return -1;
	one = c[1].faults - c[0].faults;
	two = c[2].faults - c[1].faults;
	return one > two ? one : two;
}

/*
 * Whether this code runs in [AT, AT + PAGE): the runtime's own huge page,
 * which the program mapped before any advice.  Populating it finds it
 * mapped and tells nothing of how: on kernels that map a whole folio at
 * a fault, folios smaller than 2 MiB it ran through are mapped already.
 */
static bool runs_in(uintptr_t at, size_t page)
{
	return (uintptr_t)(void *)runs_in - at < page;
}

/*
 * Whether the huge page at AT, which the runtime runs in, is mapped from
 * small folios: populating the rest of it takes more than one fault,
 * where a PMD maps it whole (a breakpoint's copy of a page splits the
 * PMD into page table entries that still map all of it).  Start-up code
 * mapped it from small folios where exec read them before any advice,
 * or ran while another process primed the file (HUGELINK_PRIME).
 */
static bool entry_small(uintptr_t at, size_t page)
{
	struct thread_count a, b;

	thread_count(&a);
	if (raw_madvise((void *)at, page, MADV_POPULATE_READ))
		return false;
	thread_count(&b);
	return a.faults >= 0 && b.faults >= 0 && b.faults - a.faults > 1;
}

/*
 * The huge pages of T probed: its first and last, but for the first when
 * the runtime runs in it and there is another.  Populating reads what
 * the page cache lacks of them in PMD-size folios (the range is advised
 * MADV_HUGEPAGE) and maps with a PMD each that is PMD-size; the kernel
 * maps the others the same way when they are first touched.  T->faults
 * is what the probe that took more faults took; T->read_in whether
 * they read from the file.  With LOOK_AT_ENTRY, the runtime's own huge
 * page is looked at too (T->entry_small), apart from the probes.
 */
static int probe(struct try *t, size_t page, bool look_at_entry)
{
	uintptr_t last = t->hi - page;
	uintptr_t first = last != t->lo && runs_in(t->lo, page) ? last : t->lo;
	struct thread_count c[3];

	thread_count(&c[0]);
	if (populate(t, first, page))
		return -1;
	thread_count(&c[1]);
	c[2] = c[1];
	if (last != first) {
		if (populate(t, last, page))
			return -1;
		thread_count(&c[2]);
	}
	t->faults = most_faults(c);
	t->read_in = read_between(&c[0], &c[2]);
	t->probed = last != first ? 2 * (uint64_t)page : page;
	t->entry_small = look_at_entry && first != t->lo &&
			 entry_small(t->lo, page);
	return 0;
}

/*
 * Advise T's segment and probe T's range; -1, T refused, when the
 * kernel refuses.
 * The advice covers the segment's whole mapping, which keeps it one
 * mapping; the kernel maps with PMDs only whole huge pages inside it,
 * the range's.
 */
static int advise(const struct serve *sv, struct try *t)
{
	size_t base = sv->ctx->sizes->s.base;
	uintptr_t from = t->seg->start & ~(uintptr_t)(base - 1);
	uintptr_t to = (t->seg->file_end + base - 1) & ~(uintptr_t)(base - 1);
	long r;

	r = raw_madvise((void *)from, to - from, MADV_HUGEPAGE);
	if (r) {
		t->refusal = REFUSED_ADVICE;
		t->err = (int)-r;
		return -1;
	}
	return probe(t, t->seg->page, sv->ctx->cfg->prime);
}

/* Measure every range tried, from one reading of smaps. */
static int measure_smaps(struct serve *sv)
{
	struct ldr_smaps s;
	struct hl_smaps_map m;
	char *cur;

	if (ldr_smaps_read(&s))
		return -1;
	cur = s.text;
	while (hl_smaps_next(&cur, &m) == 1)
		for (int i = 0; i < sv->n; i++)
			if (!refused(&sv->t[i]))
				hl_filetext_count(&m, sv->t[i].lo,
						  sv->t[i].hi, sv->t[i].delta,
						  &sv->t[i].got);
	ldr_smaps_free(&s);
	return 0;
}

/* Measure T: each mapping that meets it from PROCMAP_QUERY, and the
 * huge pages of its probes from PAGEMAP_SCAN. */
static int measure_one(int maps, int pagemap, struct try *t, size_t page,
		       size_t base)
{
	char name[4096];
	struct hl_smaps_map m;
	uint64_t kpage;
	uintptr_t at = t->lo;
	int r;

	while (at < t->hi) {
		memset(&m, 0, sizeof(m));
		r = mach_vmaquery(maps, at, &m.line, name, sizeof(name),
				  &kpage);
		if (r < 0)
			return -1;
		if (r > 0 || m.line.start >= t->hi)
			break;
		m.hugetlb = kpage > base;
		hl_filetext_count(&m, t->lo, t->hi, t->delta, &t->got);
		at = m.line.end;
	}
	if (mach_pagemap_huge(pagemap, t->lo, t->hi, page, &t->got.pmd))
		return -1;
	return 0;
}

/*
 * Measure every range tried: with the two ioctls where the kernel has
 * them, which look at those ranges only (PROCMAP_QUERY on the pass's
 * /proc/self/maps), and otherwise from one reading of smaps.
 */
static int measure(struct serve *sv)
{
	int maps = mach_vmaquery_fd(sv->ctx->maps_fd);
	int pagemap = mach_pagemap_open();
	int r = maps >= 0 && pagemap >= 0 ? 0 : -1;

	for (int i = 0; i < sv->n; i++)
		memset(&sv->t[i].got, 0, sizeof(sv->t[i].got));
	for (int i = 0; !r && i < sv->n; i++)
		if (!refused(&sv->t[i]))
			r = measure_one(maps, pagemap, &sv->t[i],
					sv->t[i].seg->page,
					sv->ctx->sizes->s.base);
	if (pagemap >= 0)
		close(pagemap);
	if (!r)
		return 0;
	for (int i = 0; i < sv->n; i++)
		memset(&sv->t[i].got, 0, sizeof(sv->t[i].got));
	return measure_smaps(sv);
}

/* Why T, advised and measured, was not served, in WHY (LEN bytes). */
static void explain(const struct try *t, char *why, size_t len)
{
	const char *fs = t->fs;

	if (!t->got.seen || t->got.foreign)
		snprintf(why, len, "it is no longer a mapping of its file");
	else if (t->got.deleted)
		snprintf(why, len, "its file was deleted");
	else if (fs)
		snprintf(why, len, "the file is on %s, whose page cache is not "
			 "used: text is mapped from the page cache of a block "
			 "device's file system only", fs);
	else
		snprintf(why, len, "the page cache holds %llu of "
			 "the %llu MiB probed in huge folios (as for a file "
			 "just written, or read back after its pages were "
			 "dropped, or on a file system without large folios: "
			 "hugectl --prime FILE reads it back in huge ones "
			 "where it can)",
			 (unsigned long long)(t->got.pmd >> 20),
			 (unsigned long long)(t->probed >> 20));
}

/*
 * Served when at least half of the huge pages probed are mapped with
 * PMDs (one probe may hold a page a debugger wrote a breakpoint into),
 * from a file system of a block device's.  A deleted
 * file is not served even where its folios are huge: nothing can prime
 * it again, and perf and uprobes cannot find it by its name.
 */
static bool served(const struct try *t)
{
	return !refused(t) && t->got.seen && !t->got.foreign &&
	       !t->got.deleted && !t->fs &&
	       hl_filetext_served(t->got.pmd, t->probed);
}

/* Whether T was measured and not served only for its small folios. */
static bool small_folios(const struct try *t)
{
	return !refused(t) && !served(t) && t->got.seen && !t->got.foreign &&
	       !t->got.deleted && !t->fs;
}

/*
 * The file system of T's file, asked only where its device number says
 * it has no block device of its own (no system call for the others).
 */
static void classify(const struct serve *sv, struct try *t)
{
	if (!refused(t) && t->got.unnamed_dev)
		t->fs = mach_fstype_of_path(sv->img->name[0] ? sv->img->name :
					   "/proc/self/exe");
}

/*
 * Ask the kernel to collapse each range not served into huge folios
 * (MADV_COLLAPSE, Linux 6.1), which it does for read-only file text only
 * where CONFIG_READ_ONLY_THP_FOR_FS is set, and elsewhere refuses at
 * once.  Returns how many it collapsed, to be measured again.
 */
static int collapse(struct serve *sv)
{
	int n = 0;

	for (int i = 0; i < sv->n; i++) {
		struct try *t = &sv->t[i];

		if (refused(t) || served(t) || t->got.foreign || t->got.deleted)
			continue;
		if (!raw_madvise((void *)t->lo, t->hi - t->lo, MADV_COLLAPSE))
			n++;
	}
	return n;
}

/*
 * The status's THP_enabled, asked of prctl(PR_GET_THP_DISABLE) the first
 * time, with the raw system call (see thread_count).
 */
static int thp_enabled(const struct serve *sv)
{
	struct mach_status *st = sv->ctx->status;

	if (st->thp_enabled == MACH_STATUS_UNREAD)
		st->thp_enabled = mach_status_thp_of(raw_syscall6(
			SYS_prctl, PR_GET_THP_DISABLE, 0, 0, 0, 0, 0));
	return st->thp_enabled;
}

/*
 * Why the ranges measured and not served were not, when the process
 * turned THP off: asked of the kernel only then, as a range served
 * needs no answer.
 */
static void thp_off(struct serve *sv)
{
	for (int i = 0; i < sv->n; i++) {
		struct try *t = &sv->t[i];

		if (refused(t) || served(t))
			continue;
		if (thp_enabled(sv) != 0)
			return;
		t->refusal = REFUSED_THP_OFF;
	}
}

/*
 * The path of IMG's file: the one the dynamic loader opened or, for the
 * program, the one it was started by (AT_EXECFN); NULL when there is none.
 */
static const char *file_path(const struct ldr_image *img)
{
	return img->name[0] ? img->name : (const char *)getauxval(AT_EXECFN);
}

/*
 * Whether IMG's file, found by its path, is one the page cache serves: a
 * regular file with a link left, on a file system that has a block
 * device of its own or, when it has none, is not one of machine/fstype.h.
 */
static bool file_servable(const struct ldr_image *img)
{
	const char *path = file_path(img);
	struct statx st;

	if (!path || raw_syscall6(SYS_statx, AT_FDCWD, (long)path, 0,
				  STATX_TYPE | STATX_NLINK, (long)&st, 0) ||
	    (st.stx_mask & (STATX_TYPE | STATX_NLINK)) !=
	    (STATX_TYPE | STATX_NLINK) || !S_ISREG(st.stx_mode) ||
	    !st.stx_nlink)
		return false;
	return st.stx_dev_major != 0 || !mach_fstype_of_path(path);
}

/*
 * Whether every range advised is served, told without /proc, whose first
 * use costs a start about as much as the rest of the runtime together.
 * It is when each probe took at most one page fault, as a huge page
 * mapped with one PMD does (base pages take one for each fault-around
 * window, 64 KiB unless fault_around_bytes was raised, or for each
 * folio), the process has not turned THP off (the kernel then maps a
 * PMD-size folio with PTEs, in one fault where it maps whole folios at
 * once), and the file is servable.  Only at start-up: a probe that took
 * no fault then found its huge page mapped by start-up code run there,
 * where later another thread may have run through all of it on base
 * pages.  Then each range's GOT says so; where this cannot tell, look()
 * measures.
 */
static bool served_at_once(struct serve *sv)
{
	int tried = 0;

	if (!sv->ctx->at_start)
		return false;
	for (int i = 0; i < sv->n; i++) {
		if (refused(&sv->t[i]))
			continue;
		if (sv->t[i].faults < 0 || sv->t[i].faults > 1)
			return false;
		tried++;
	}
	if (!tried || thp_enabled(sv) != 1 || !file_servable(sv->img))
		return false;
	for (int i = 0; i < sv->n; i++)
		if (!refused(&sv->t[i]))
			sv->t[i].got = (struct hl_filetext_got){
				.pmd = sv->t[i].probed, .seen = true };
	return true;
}

/* Measure, name the file systems, and measure again what collapsed. */
static int look(struct serve *sv)
{
	if (measure(sv))
		return -1;
	for (int i = 0; i < sv->n; i++)
		classify(sv, &sv->t[i]);
	return collapse(sv) ? measure(sv) : 0;
}

/* Why T was not served, in WHY (LEN bytes). */
static void reason(const struct try *t, char *why, size_t len)
{
	if (t->span != SPAN_OK)
		span_text(t, why, len);
	else if (t->refusal == REFUSED_ADVICE)
		snprintf(why, len, "madvise(MADV_HUGEPAGE): %s",
			 strerror(t->err));
	else if (t->refusal == REFUSED_POPULATE)
		snprintf(why, len, "madvise(MADV_POPULATE_READ): %s%s",
			 strerror(t->err), t->err == EINVAL ?
			 " (Linux 5.14 or later has it)" : t->err == EFAULT ?
			 " (a page of it lies past the end of its file)" : "");
	else if (t->refusal == REFUSED_NO_SMAPS)
		snprintf(why, len, "cannot read /proc/self/smaps");
	else if (t->refusal == REFUSED_THP_OFF)
		snprintf(why, len, "the process turned transparent huge pages "
			 "off (PR_SET_THP_DISABLE)");
	else
		explain(t, why, len);
}

/* Room in a report's text for the words settle puts around a reason:
 * "not from the page cache: " and "; left on base pages beside the page
 * cache's" come to 69. */
#define SETTLE_WORDS 100

/*
 * The file bytes of T's segment outside its whole huge pages, which stay
 * on base pages; and in *COPYABLE those of them a copy would put on huge
 * pages: inside the plan's range, where no neighbour shares the huge
 * page.
 */
static uint64_t outside(const struct try *t, uint64_t *copyable)
{
	const struct hl_seg *seg = t->seg;
	uintptr_t from = seg->start > seg->map_start ? seg->start :
			 seg->map_start;
	uintptr_t to = seg->file_end < seg->map_end ? seg->file_end :
		       seg->map_end;

	*copyable = (t->lo > from ? t->lo - from : 0) +
		    (to > t->hi ? to - t->hi : 0);
	return (t->lo - seg->start) + (seg->file_end - t->hi);
}

/*
 * Say what became of T, and take it out of the plan when served.  When
 * the page cache serves some range of the object, one with no whole huge
 * page of file bytes (the headers' segment, a small rodata) is left on
 * base pages: its copy would cost a whole huge page, zeroed, for a few
 * pages' worth of TLB entries, at every start.
 */
static int settle(const struct serve *sv, struct try *t, bool any_served,
		  bool copies)
{
	bool file_only = sv->ctx->cfg->backing == HL_BACKING_FILE;
	struct hl_seg *seg = t->seg;
	char text[LDR_REPORT_WHY_LEN], why[LDR_REPORT_WHY_LEN - SETTLE_WORDS];
	uint64_t left, copyable;
	char tail[200];

	if (served(t)) {
		seg->remap = false;
		if (sv->rep->verbose < HL_V_INFO)
			return 1;
		left = outside(t, &copyable);
		why[0] = '\0';
		if (copyable >= seg->page / 2)
			snprintf(why, sizeof(why), " (a copy would put %llu KiB "
				 "of them on huge pages: HUGELINK_BACKING=thp "
				 "or hugetlb)",
				 (unsigned long long)((copyable + 1023) >> 10));
		if (left)
			snprintf(tail, sizeof(tail), "; %llu KiB of the segment "
				 "outside its whole huge pages stay on base "
				 "pages%s", (unsigned long long)((left + 1023) >> 10),
				 why);
		else
			tail[0] = '\0';
		snprintf(text, sizeof(text), "page cache: %llu MiB of whole "
			 "2 MiB pages, %llu MiB of them mapped with PMDs now "
			 "(the %llu MiB probed); the kernel maps the rest as "
			 "it is touched%s%s",
			 (unsigned long long)((t->hi - t->lo) >> 20),
			 (unsigned long long)(t->got.pmd >> 20),
			 (unsigned long long)(t->probed >> 20),
			 t->read_in ? "; the probe read the file in, and the "
			 "pages exec read before the advice stay in small "
			 "folios until the file is primed (hugectl --prime "
			 "FILE)" : t->entry_small ? "; the huge page the "
			 "runtime runs in is mapped from small folios, which "
			 "stay until the file is primed (hugectl --prime "
			 "FILE)" : "", tail);
		ldr_report_file(sv->rep, t->lo, t->hi, seg->prot, text);
		return 1;
	}
	if (t->small && any_served) {
		seg->remap = false;
		if (sv->rep->verbose < HL_V_INFO)
			return 0;
	}
	reason(t, why, sizeof(why));
	if (t->small && any_served) {
		snprintf(text, sizeof(text), "not from the page cache: %s; "
			 "left on base pages beside the page cache's", why);
		ldr_report_file(sv->rep, seg->map_start, seg->map_end,
				seg->prot, text);
	} else if (file_only) {
		ldr_report_why(sv->rep, "segment %d: the page cache cannot "
			       "back it: %s", seg->phdr, why);
		seg->remap = false;
	} else {
		snprintf(text, sizeof(text), "not from the page cache: %s; %s",
			 why, copies ? "copied" : "left on base pages");
		ldr_report_file(sv->rep, t->lo < t->hi ? t->lo : seg->map_start,
				t->lo < t->hi ? t->hi : seg->map_end,
				seg->prot, text);
	}
	return 0;
}

/*
 * Whether the ranges SV does not serve are copied, as settle says of
 * each at HUGETLB_VERBOSE=3: not where the process may not make memory
 * executable, which loader/move.c explains once.  Asked only at that
 * verbosity, where it is said, and only where some range is not served.
 */
static bool copies_follow(const struct serve *sv)
{
	bool all_served = true;
	int err;

	for (int i = 0; i < sv->n; i++)
		all_served &= served(&sv->t[i]);
	return sv->rep->verbose < HL_V_INFO || all_served ||
	       !mach_exec_refused(&err);
}

/* Start SV, with no range tried: each is set whole when tried
 * (span_of), and the room for the others is never touched. */
static void serve_init(struct serve *sv, const struct ldr_image *img,
		       const struct ldr_move_ctx *ctx, struct ldr_report *rep)
{
	sv->img = img;
	sv->ctx = ctx;
	sv->rep = rep;
	sv->n = 0;
}

/*
 * Try each read-only range PLAN chose: find its span, advise and probe
 * it.  Returns how many were advised; 0 when the backing asked for
 * leaves the page cache out.
 */
static int try_ranges(struct serve *sv, struct hl_plan *plan)
{
	int advised = 0;

	if (sv->ctx->cfg->backing != HL_BACKING_AUTO &&
	    sv->ctx->cfg->backing != HL_BACKING_FILE)
		return 0;
	for (int i = 0; i < plan->nseg; i++) {
		struct try *t = &sv->t[sv->n];

		if (!plan->seg[i].remap || plan->seg[i].cls != HL_CLASS_R)
			continue;
		sv->n++;
		if (span_of(sv, &plan->seg[i], t) == 0 && advise(sv, t) == 0)
			advised++;
	}
	return advised;
}

bool ldr_filetext_serve_at_once(struct hl_plan *plan,
				const struct ldr_image *img,
				const struct ldr_move_ctx *ctx)
{
	struct serve sv;

	serve_init(&sv, img, ctx, NULL);
	if (!try_ranges(&sv, plan) || !served_at_once(&sv))
		return false;
	for (int i = 0; i < sv.n; i++)
		if (refused(&sv.t[i]) && sv.t[i].span != SPAN_SMALL)
			return false;
	for (int i = 0; i < sv.n; i++)
		sv.t[i].seg->remap = false;
	return true;
}

int ldr_filetext_serve(struct hl_plan *plan, const struct ldr_image *img,
		       const struct ldr_move_ctx *ctx, struct ldr_report *rep,
		       struct ldr_filetext_found *found)
{
	struct serve sv;
	int advised, n = 0;
	bool any = false, copies;

	serve_init(&sv, img, ctx, rep);
	advised = try_ranges(&sv, plan);

	if (advised && !served_at_once(&sv) && look(&sv))
		for (int i = 0; i < sv.n; i++)
			if (!refused(&sv.t[i]))
				sv.t[i].refusal = REFUSED_NO_SMAPS;
	thp_off(&sv);
	for (int i = 0; i < sv.n; i++) {
		any |= served(&sv.t[i]);
		found->small |= small_folios(&sv.t[i]);
		found->read_in |= served(&sv.t[i]) &&
				   (sv.t[i].read_in || sv.t[i].entry_small);
	}
	copies = copies_follow(&sv);
	for (int i = 0; i < sv.n; i++)
		n += settle(&sv, &sv.t[i], any, copies);
	return n;
}

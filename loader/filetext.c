/* SPDX-License-Identifier: MIT */
/*
 * The file backing: see filetext.h.  madvise goes through the raw system
 * call (arch/raw.h), which also serves advice values older libc headers
 * lack.
 */
#include <errno.h>
#include <linux/magic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/vfs.h>

#include "arch/raw.h"
#include "core/filetext.h"
#include "core/size.h"
#include "loader/filetext.h"
#include "loader/smaps.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif
#ifndef FUSE_SUPER_MAGIC
#define FUSE_SUPER_MAGIC 0x65735546
#endif

/* One range tried, and what it got. */
struct try {
	struct hl_seg *seg;
	uintptr_t lo, hi;
	uint64_t delta;		/* file offset - address */
	struct hl_filetext_got got;
	bool small;		/* no whole huge page of file bytes */
	char why[200];		/* why it was not served, when not */
};

struct serve {
	const struct ldr_image *img;
	const struct ldr_move_ctx *ctx;
	struct ldr_report *rep;
	struct try t[HL_MAX_SEGS];
	int n;
};

/* The whole huge pages of file bytes in SEG's range, if congruent. */
static int span_of(const struct serve *sv, struct hl_seg *seg, struct try *t)
{
	const struct hl_phdr *ph = &sv->img->ph[seg->phdr];
	struct hl_filetext ft;
	char sz[16];

	hl_filetext_span(ph, seg->page, &ft);
	t->seg = seg;
	t->lo = ft.start + sv->img->bias;
	t->hi = ft.end + sv->img->bias;
	t->lo = t->lo > seg->map_start ? t->lo : seg->map_start;
	t->hi = t->hi < seg->map_end ? t->hi : seg->map_end;
	t->delta = ph->offset - ph->vaddr - sv->img->bias;
	t->why[0] = '\0';
	hl_format_size(seg->page, sz, sizeof(sz));
	if (seg->page != sv->ctx->sizes->def)
		snprintf(t->why, sizeof(t->why), "the page cache has no %s "
			 "pages", sz);
	else if ((t->small = t->hi <= t->lo))
		snprintf(t->why, sizeof(t->why), "no whole %s page of file "
			 "bytes", sz);
	else if (!ft.congruent || sv->img->bias % seg->page)
		snprintf(t->why, sizeof(t->why), "its file offset is not "
			 "congruent to its address modulo %s (relink with "
			 "hugetlbfs-ld --hugetlbfs-align)", sz);
	return t->why[0] ? -1 : 0;
}

/* Advise and populate T's range; -1 with T->why when refused. */
static int advise(const struct serve *sv, struct try *t)
{
	void *at = (void *)t->lo;
	size_t len = t->hi - t->lo;
	long r;

	if (sv->ctx->status.thp_enabled == 0) {
		snprintf(t->why, sizeof(t->why), "the process turned "
			 "transparent huge pages off (PR_SET_THP_DISABLE)");
		return -1;
	}
	r = raw_madvise(at, len, MADV_HUGEPAGE);
	if (r) {
		snprintf(t->why, sizeof(t->why), "madvise(MADV_HUGEPAGE): %s",
			 strerror((int)-r));
		return -1;
	}
	r = raw_madvise(at, len, MADV_POPULATE_READ);
	if (r) {
		snprintf(t->why, sizeof(t->why), "madvise(MADV_POPULATE_READ): "
			 "%s%s", strerror((int)-r), r == -EINVAL ?
			 " (Linux 5.14 or later has it)" : "");
		return -1;
	}
	/* Where CONFIG_READ_ONLY_THP_FOR_FS is not set this fails at once. */
	raw_madvise(at, len, MADV_COLLAPSE);
	return 0;
}

/* Measure every range tried, from one reading of smaps. */
static int measure(struct serve *sv)
{
	struct ldr_smaps s;
	struct hl_smaps_map m;
	char *cur;

	if (ldr_smaps_read(&s))
		return -1;
	cur = s.text;
	while (hl_smaps_next(&cur, &m) == 1)
		for (int i = 0; i < sv->n; i++)
			if (!sv->t[i].why[0])
				hl_filetext_count(&m, sv->t[i].lo, sv->t[i].hi,
						  sv->t[i].delta, &sv->t[i].got);
	ldr_smaps_free(&s);
	return 0;
}

/* The file system the object's file lies on, when the page cache there
 * is known not to give large folios to a read. */
static const char *file_system(const char *path)
{
	struct statfs fs;

	if (!path[0] || statfs(path, &fs))
		return NULL;
	switch ((unsigned long)fs.f_type) {
	case TMPFS_MAGIC:
		return "tmpfs";
	case NFS_SUPER_MAGIC:
		return "NFS";
	case FUSE_SUPER_MAGIC:
		return "FUSE";
	}
	return NULL;
}

/* Why T, advised and measured, was not served. */
static void explain(const struct serve *sv, struct try *t)
{
	uint64_t whole = t->hi - t->lo;
	const char *path = sv->img->name[0] ? sv->img->name : "/proc/self/exe";
	const char *fs = file_system(path);

	if (!t->got.seen || t->got.foreign)
		snprintf(t->why, sizeof(t->why), "it is no longer a mapping of "
			 "its file");
	else if (t->got.deleted)
		snprintf(t->why, sizeof(t->why), "its file was deleted");
	else
		snprintf(t->why, sizeof(t->why), "the page cache holds %llu of "
			 "its %llu MiB in huge folios%s%s%s",
			 (unsigned long long)(t->got.pmd >> 20),
			 (unsigned long long)(whole >> 20),
			 fs ? ": the file is on " : "", fs ? fs : "",
			 fs ? "" : " (a file just written holds small ones: "
			 "hugectl --prime FILE reads it back in huge ones)");
}

/*
 * A deleted file is not served even where its folios are huge: nothing
 * can prime it again, and perf and uprobes cannot find it by its name.
 */
static bool served(const struct try *t)
{
	return !t->why[0] && t->got.seen && !t->got.foreign &&
	       !t->got.deleted &&
	       hl_filetext_served(t->got.pmd, t->hi - t->lo);
}

/*
 * Say what became of T, and take it out of the plan when served.  When
 * the page cache serves some range of the object, one with no whole huge
 * page of file bytes (the headers' segment, a small rodata) is left on
 * base pages: its copy would cost a whole huge page, zeroed, for a few
 * pages' worth of TLB entries, at every start.
 */
static int settle(const struct serve *sv, struct try *t, bool any_served)
{
	bool file_only = sv->ctx->cfg->backing == HL_BACKING_FILE;
	struct hl_seg *seg = t->seg;
	char text[300];

	if (served(t)) {
		snprintf(text, sizeof(text), "page cache: %llu of %llu MiB on "
			 "2 MiB pages", (unsigned long long)(t->got.pmd >> 20),
			 (unsigned long long)((t->hi - t->lo) >> 20));
		ldr_report_file(sv->rep, t->lo, t->hi, seg->prot, text);
		seg->remap = false;
		return 1;
	}
	if (!t->why[0])
		explain(sv, t);
	if (t->small && any_served) {
		snprintf(text, sizeof(text), "not from the page cache: %s; "
			 "left on base pages beside the page cache's", t->why);
		ldr_report_file(sv->rep, seg->map_start, seg->map_end,
				seg->prot, text);
		seg->remap = false;
	} else if (file_only) {
		ldr_report_why(sv->rep, "segment %d: the page cache cannot back "
			       "it: %s", seg->phdr, t->why);
		seg->remap = false;
	} else {
		snprintf(text, sizeof(text), "not from the page cache: %s; "
			 "copied", t->why);
		ldr_report_file(sv->rep, t->lo < t->hi ? t->lo : seg->map_start,
				t->lo < t->hi ? t->hi : seg->map_end,
				seg->prot, text);
	}
	return 0;
}

int ldr_filetext_serve(struct hl_plan *plan, const struct ldr_image *img,
		       const struct ldr_move_ctx *ctx, struct ldr_report *rep)
{
	struct serve sv = { .img = img, .ctx = ctx, .rep = rep, .n = 0 };
	int advised = 0, n = 0;
	bool any = false;

	if (ctx->cfg->backing != HL_BACKING_AUTO &&
	    ctx->cfg->backing != HL_BACKING_FILE)
		return 0;
	for (int i = 0; i < plan->nseg; i++) {
		struct try *t = &sv.t[sv.n];

		if (!plan->seg[i].remap || plan->seg[i].cls != HL_CLASS_R)
			continue;
		sv.n++;
		if (span_of(&sv, &plan->seg[i], t) == 0 && advise(&sv, t) == 0)
			advised++;
	}
	if (advised && measure(&sv))
		for (int i = 0; i < sv.n; i++)
			if (!sv.t[i].why[0])
				snprintf(sv.t[i].why, sizeof(sv.t[i].why),
					 "cannot read /proc/self/smaps");
	for (int i = 0; i < sv.n; i++)
		any |= served(&sv.t[i]);
	for (int i = 0; i < sv.n; i++)
		n += settle(&sv, &sv.t[i], any);
	return n;
}

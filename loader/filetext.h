/* SPDX-License-Identifier: MIT */
#ifndef LOADER_FILETEXT_H
#define LOADER_FILETEXT_H
/*
 * The file backing: a read-only segment stays a mapping of its object's
 * own file, and the kernel maps the file's page-cache folios there with
 * PMDs.  It can where the segment's file offset is congruent to its
 * address modulo the huge page (core/filetext.h; hugetlbfs-ld lays
 * segments so) and the page cache holds the file in PMD-size folios.
 *
 * For each read-only range the plan chose, of the default huge page
 * size (the PMD size on every architecture hugelink supports), the
 * whole huge pages of file bytes in it are advised MADV_HUGEPAGE, and
 * two of them, the first and the last, are probed: populated
 * (MADV_POPULATE_READ, Linux 5.14), which reads what the page cache
 * lacks of them in PMD-size folios and maps a PMD-size folio with a PMD.
 * The kernel maps the others the same way as they are first touched.
 * Then the kernel is asked about those ranges alone: PROCMAP_QUERY
 * (machine/vmaquery.h) for the mappings that hold them, PAGEMAP_SCAN
 * (machine/pagemap.h) for how much of the probes has PMDs; on a kernel
 * without both, /proc/self/smaps is read once instead.  A range where
 * at least half of what was probed has PMDs is served: it is left out
 * of the copy.  A range not served is given MADV_COLLAPSE (Linux 6.1),
 * which on kernels with CONFIG_READ_ONLY_THP_FOR_FS collapses small
 * folios of read-only file text, and elsewhere fails at once, and is
 * measured again.  Nothing here changes a mapping, so nothing can break
 * the program.
 *
 * The other ranges go on as before: with HUGELINK_BACKING=auto, to the
 * copy onto the pool or THP (the reason is said at HUGETLB_VERBOSE 3,
 * since that copy is what auto did before); with HUGELINK_BACKING=file,
 * they stay on base pages with the reason at 2.  The reasons: the range
 * holds no whole huge page of file bytes, or is not congruent (an old
 * layout, a library loaded at a base not aligned to the huge page); THP
 * turned off for the process (PR_SET_THP_DISABLE); the advice refused
 * (THP not built, or "never" where the kernel heeds it); the mapping is
 * not the file (moved already, or a deleted file); the file system is
 * tmpfs, NFS, FUSE, SMB or 9p (machine/fstype.h), asked only where the
 * file's device number has major 0; or the page cache holds the probed
 * pages in small folios (a file just written: hugectl --prime reads it
 * back in large ones).
 */
#include "core/plan.h"
#include "loader/image.h"
#include "loader/move.h"
#include "loader/report.h"

/* What serving found that priming the file changes (loader/prime.h). */
struct ldr_filetext_found {
	/* A range not served only because the page cache holds its probes
	 * in small folios. */
	bool small;
	/* A range served whose probe read from the file: the page cache did
	 * not hold the text as the program started, and exec read the pages
	 * about its entry point then, before any advice, in small folios,
	 * which the page cache keeps.  With HUGELINK_PRIME=1, also a range
	 * served whose huge page the runtime runs in is mapped from small
	 * folios (exec read them so at an earlier start, or while another
	 * process primed the file). */
	bool read_in;
};

/*
 * Serve what the page cache can of PLAN's read-only ranges for IMG;
 * those it serves are no longer PLAN's to remap.  Returns the number
 * served.  Sets the members of *FOUND that apply, and leaves the others
 * as they are.
 */
int ldr_filetext_serve(struct hl_plan *plan, const struct ldr_image *img,
		       const struct ldr_move_ctx *ctx, struct ldr_report *rep,
		       struct ldr_filetext_found *found);

/*
 * At start-up, before any pass, with nothing to say below HUGETLB_VERBOSE
 * 3: serve PLAN's read-only ranges for IMG as ldr_filetext_serve would,
 * where its probes alone tell that every range is served, leaving on
 * base pages those with no whole huge page of file bytes.  True when
 * they do: every range is then out of PLAN.  False leaves PLAN as it
 * was, with the ranges advised and probed: a pass then serves what it
 * can, by measuring, as probes that find their pages mapped no longer
 * tell anything (CTX->at_start false).
 */
bool ldr_filetext_serve_at_once(struct hl_plan *plan,
				const struct ldr_image *img,
				const struct ldr_move_ctx *ctx);

#endif

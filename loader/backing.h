/* SPDX-License-Identifier: MIT */
#ifndef LOADER_BACKING_H
#define LOADER_BACKING_H
/*
 * Huge-page memory for a range, built away from the range itself: from
 * the hugetlb pool (this file's ldr_backing_map*) or transparent huge
 * pages (loader/thp.h).  A mapping is made first, its pages faulted in
 * afterwards by ldr_backing_fault_in, each just before it is filled, so
 * that the copy writes into memory the kernel has just zeroed and the
 * cache still holds.  Every page is present before the swap starts, so
 * that nothing about the memory can fail once it has: in the mapping,
 * or, for a shared file, in the file.
 */
#include <stdbool.h>
#include <stddef.h>

#include "core/backing.h"
#include "machine/cgroup.h"

/* The room for why a backing could not be had: a count, and the path of
 * the cgroup limit that refused it. */
#define LDR_BACKING_ERROR_LEN (MACH_CGROUP_PATH_MAX + 160)

struct ldr_backing {
	void *addr;		/* the mapping */
	size_t len;
	size_t page;		/* its huge page size */
	size_t present;		/* bytes from addr on known to be present */
	/*
	 * The hugetlb file commit maps over the target, where mremap cannot
	 * move hugetlb mappings; -1 when the mapping itself is moved.
	 */
	int fd;
	enum hl_backing kind;	/* HL_BACK_HUGETLB or HL_BACK_THP */
	bool shared;		/* a shared file (HUGETLB_SHARE=1) */
	char desc[96];		/* the mount used, or "" */
	int err;		/* errno of the failure */
	bool short_pages;	/* ... which the pool, or a hugetlb cgroup
				   limit, had too few pages for */
	char error[LDR_BACKING_ERROR_LEN];	/* why none could be had */
};

/*
 * Map LEN bytes (a multiple of PAGE) of private hugetlb memory, its pages
 * reserved and the first one present: mmap(MAP_ANONYMOUS | MAP_HUGETLB),
 * which needs no mount and which perf treats as anonymous memory, or an
 * unlinked file on a hugetlbfs mount from the ':'-separated PATHS when
 * given.  Private pages are the mapping's own: a writable range costs
 * its size once, and fork() gives parent and child their own data.
 * Returns 0, or -1 with B->error set.
 */
int ldr_backing_map(struct ldr_backing *b, size_t len, size_t page,
		   const char *paths);

/*
 * For kernels that cannot move hugetlb mappings: make a hugetlb file of
 * LEN bytes (memfd_create(MFD_HUGETLB) named NAME, or an unlinked file on
 * a mount from PATHS), its pages reserved, and map it MAP_SHARED for
 * filling; ldr_backing_fault_in puts each page in the file.  B->fd stays
 * open for commit, which maps the file over the target; the mapping
 * stays as the copy a failed commit restores from.  Returns 0, or -1
 * with B->error set.
 */
int ldr_backing_map_file(struct ldr_backing *b, size_t len, size_t page,
			const char *paths, const char *name);

/*
 * Map the shared file FD (LEN bytes, every page in it) read-only with
 * PROT, private and without a reservation: the copy a failed swap is
 * restored from.  B takes FD over (B->fd), for commit to map over the
 * target.  Returns 0, or -1 with B->error set, and FD still the
 * caller's.
 */
int ldr_backing_map_shared(struct ldr_backing *b, int fd, size_t len,
			  size_t page, int prot);

/*
 * Put in BUF (BUFLEN bytes) why WHAT failed with ERR for LEN bytes of
 * PAGE-size huge pages, called once the pages that failure leaves are
 * given back.  ENOMEM is told in counts.  Where the pages were not
 * RESERVED (a reservation refused), the pool's where it has too few:
 * its free pages less those reserved, and what overcommit adds; else
 * the hugetlb cgroup limit on pages reserved, where it allows fewer
 * than LEN needs.  Where they were (a page refused as it is faulted in,
 * which MADV_POPULATE_WRITE returns as EFAULT where the kernel raised
 * SIGBUS), the hugetlb cgroup limit on pages faulted in, where it allows
 * fewer pages than LEN needs, or else that the kernel refused pages the
 * pool had reserved.  True when the pool, or the hugetlb cgroup limit,
 * had too few pages: what transparent huge pages are there for.
 */
bool ldr_backing_refusal(char *buf, size_t buflen, const char *what,
			 size_t len, size_t page, int err, bool reserved);

/*
 * Whether R, the -errno of a populate, says madvise cannot fault pages
 * in here (EINVAL before Linux 5.14; EPERM or ENOSYS from a seccomp
 * filter): they are then faulted in by touching them.
 */
bool ldr_backing_cannot_populate(long r);

/*
 * Fault in [AT, AT + LEN) of a hugetlb mapping made elsewhere, whole huge
 * pages of PAGE bytes, for writing, each in the order the kernel clears
 * fastest (backing.c).  Returns 0 or the failed call's -errno.
 */
long ldr_backing_populate_hugetlb(void *at, size_t len, size_t page);

/*
 * Fault in [OFF, OFF + LEN) of B for writing, a whole number of B's huge
 * pages, unless they are present already: MADV_POPULATE_WRITE (Linux
 * 5.14), which reports a page the kernel cannot give (a hugetlb cgroup
 * limit, which is charged at fault time and not when the mapping
 * reserves its pages; a memory policy the reservation did not account
 * for) as an error where a write would get SIGBUS.  Returns 0, or -1
 * with B->error set and B unmapped.
 */
int ldr_backing_fault_in(struct ldr_backing *b, size_t off, size_t len);

/* Unmap B and close its file, if any. */
void ldr_backing_unmap(struct ldr_backing *b);

#endif

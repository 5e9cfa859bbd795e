/* SPDX-License-Identifier: MIT */
#ifndef REMAP_REMAP_H
#define REMAP_REMAP_H
/*
 * The hand-over from prepare to commit.  Prepare fills a struct remap_commit
 * in a private anonymous mapping (never in the program's own data, which
 * is being replaced) and runs remap_commit_run from a private executable copy
 * (remap/run.c).
 */
#include <stddef.h>
#include <stdint.h>

/* Ranges one commit swaps: at most one per PT_LOAD the plan handles. */
#define REMAP_MAX_RANGES 16

/* The bits of a /proc/self/pagemap entry the copies go by. */
#define REMAP_PM_PRESENT (1ull << 63)
#define REMAP_PM_SWAPPED (1ull << 62)
#define REMAP_PM_FILE (1ull << 61)	/* the file's page (or
					   shared anonymous) */
/* In use: present or swapped out. */
#define REMAP_PM_USED(e) (((e) & (REMAP_PM_PRESENT | REMAP_PM_SWAPPED)) != 0)
/* Written since it was loaded from the file: in use, no longer its page. */
#define REMAP_PM_WRITTEN(e) (REMAP_PM_USED(e) && !((e) & REMAP_PM_FILE))

/*
 * Live memory inside a swap's range: [start, end) is mapped.  Below
 * sparse it was loaded from the program file, at file_off for start (or
 * -1: not from the file); above it, it was zero.  The pages the range's
 * source (enum remap_source) names are copied from memory; the others from
 * the file below sparse, and not at all above it.  The file's bytes for
 * [start, map_end) may be mapped, at map for start (0: not mapped); the
 * copier then copies them from there, and reads the rest.
 */
struct remap_copy {
	uintptr_t start, sparse, end;
	long file_off;
	uintptr_t map, map_end;
};

/*
 * Which pages of a range are copied from the live memory, as
 * /proc/self/pagemap tells them; the others hold what the program file
 * holds.  Without pagemap, every page is copied from memory, and so is
 * every byte the file cannot give.
 */
enum remap_source {
	REMAP_FROM_ALL,	 /* every page (HUGETLB_MINIMAL_COPY=no) */
	REMAP_FROM_USED,	 /* pages in use, present or swapped out: a
			    writable range's data */
	REMAP_FROM_WRITTEN, /* pages written since they were loaded: in use
			    and no longer the file's own page (pagemap bit
			    61 clear).  A read-only range where some page
			    was, or where the kernel cannot say: what a
			    library patched, a debugger's breakpoints, and
			    the uprobes' (which prepare then drops) */
	REMAP_FROM_FILE,	 /* none: every page from the file.  A read-only
			    range in which no page was written: what memory
			    holds there is the file's */
};

/* How a range's huge pages take its place. */
enum remap_how {
	REMAP_MOVE,	/* mremap(MREMAP_FIXED) of the scratch mapping: never
			   of hugetlb pages where the kernel cannot move them
			   (before Linux 5.16 it unmaps the target, then
			   fails with EINVAL) */
	REMAP_MAP_FILE,	/* mmap(MAP_FIXED) of fd, MAP_PRIVATE | MAP_NORESERVE:
			   the pages are in the file already, so the mapping
			   needs no new reservation.  Every hugetlb range
			   where the kernel cannot move hugetlb mappings:
			   its hugetlb file, or its shared file */
};

/* One range to swap: a prepared huge-page mapping and where it goes. */
struct remap_range {
	uintptr_t target;	/* where the huge pages go (page aligned) */
	size_t len;		/* a whole number of huge pages */
	uintptr_t scratch;	/* where prepare built them; with REMAP_MAP_FILE
				   the file's pages, mapped for restoring */
	int prot;		/* the final protection */
	int how;		/* enum remap_how */
	int fd;			/* the hugetlb file of REMAP_MAP_FILE, a shared
				   file, or -1 */
	int hugetlb;		/* the pages are hugetlb pages */
	/*
	 * The live memory the range holds: the segment's part and, for the
	 * last writable segment, the start of the brk heap.  A writable
	 * range is copied from it at swap time; a read-only one was copied
	 * by prepare.  A failed swap restores these from the scratch copy.
	 */
	struct remap_copy copy[2];
	int ncopy;
	int source;		/* enum remap_source: which pages from memory */
	int live;		/* copy at swap time (writable) */
	/* Results. */
	long err;		/* -errno of a failed swap, or 0 */
	int recovered;		/* a failed swap was restored from scratch */
	int recovered_thp;	/* ... onto transparent huge pages */
	uint64_t copied;	/* bytes copied (by prepare, or at swap time) */
	uint64_t ns;		/* time spent copying and swapping */
	uint64_t prep_ns;	/* time prepare spent copying */
};

/*
 * Where the messages of remap/ go: fd 2 while it is still the standard
 * error the loader noted at its first pass (loader/report.h says what
 * counts as one), the same device and inode; FD -1: nowhere, fd 2 was
 * not a standard error then.
 */
struct remap_stderr {
	int fd;
	unsigned int dev_major, dev_minor;
	uint64_t ino;
};

/*
 * FD's type, device and inode, into *SX (statx, with the raw system
 * call); 0, or -1 when FD is closed or the kernel says less.
 */
struct statx;
int remap_stderr_stat(int fd, struct statx *sx);

/*
 * True when E's fd is still the standard error noted, the same device
 * and inode: a program may have closed fd 2 since, and opened a data
 * file there.
 */
int remap_stderr_same(const struct remap_stderr *e);

/*
 * Write LEN bytes of BUF to FD in one call, with SIGPIPE blocked: where
 * the reader of a pipe or socket has gone, the write fails with EPIPE,
 * and the SIGPIPE it raised, which would end the program, is taken
 * away again (unless one was pending before).  0, or -1 when the write
 * failed or was short.
 */
int remap_stderr_write(int fd, const void *buf, size_t len);

/* Fault injection for the tests (HUGELINK_FAULT); 0 in production. */
enum remap_fault {
	REMAP_FAULT_NONE,
	REMAP_FAULT_SWAP,		/* the last swap fails,
					   target untouched */
	REMAP_FAULT_SWAP_UNMAPPED,	/* the last swap fails
					   after unmapping */
	REMAP_FAULT_RECOVER,	/* ... and so does the recovery */
	REMAP_FAULT_NO_HUGETLB_MREMAP, /* every mremap of hugetlb pages fails
				   as before Linux 5.16: the target
				   unmapped, then EINVAL */
};

struct remap_commit {
	int nswap;
	struct remap_range swap[REMAP_MAX_RANGES];
	size_t base;		/* base page size */
	int pagemap_fd;		/* /proc/self/pagemap, or -1: copy all */
	int prog_fd;		/* the program file, or -1 */
	uint64_t *pm_buf;	/* room for pm_len pagemap entries */
	size_t pm_len;
	enum remap_fault fault;
	/*
	 * A restore may put the range on transparent huge pages: THP is
	 * usable, and no other thread runs to see the range briefly empty.
	 */
	int recover_thp;
	/*
	 * Time each range (s->ns, s->prep_ns): only a report at
	 * HUGETLB_VERBOSE 3 shows the times, and each reading of the clock
	 * is a system call here, where the vDSO cannot be called.
	 */
	int timed;
	/*
	 * The message for a failure past the point of no return, and the fd
	 * it goes to: 2 when the loader found fd 2 still the standard error
	 * just before the window, else -1 (nowhere).
	 */
	char fatal[160];
	size_t fatal_len;
	int fatal_fd;
};

/*
 * Copy the writable ranges and swap every prepared mapping into place.
 * Returns the number of swaps that failed; each failed swap left the
 * range with its contents, on its old pages (always, where the range is
 * sealed with mseal) or restored from the copy onto transparent huge
 * pages or base pages, or ended the process.
 */
long remap_commit_run(struct remap_commit *c);

/*
 * The first byte past remap_text, the section holding remap_commit_run and
 * remap_copy_pages and nothing else.
 */
extern const char remap_text_end[] __attribute__((visibility("hidden")));

/*
 * Run remap_commit_run(C) from a private executable copy of the
 * remap_text section (BASE: the base page size), so that it keeps
 * running while the program text that holds the original is swapped.
 * Returns what remap_commit_run returned, or, with nothing done, -errno
 * of the step that could not make the copy, which *FAILED names
 * (remap/run.c): its mmap (ENOMEM: no room, as under RLIMIT_AS), the
 * mprotect that makes it executable (EACCES, EPERM: a W^X policy), or
 * ENOEXEC where remap_text is not laid out as the copy needs.
 */
long remap_run_from_copy(struct remap_commit *c, size_t base,
			 const char **failed);

/*
 * Copy S's live memory (S->copy) into its scratch mapping, page by page
 * as S->source says, through C's pagemap and program file: the copy
 * commit makes of a writable range, for prepare to make of a read-only
 * one before the window.  Returns the bytes copied.
 */
uint64_t remap_copy_pages(const struct remap_commit *c,
			  const struct remap_range *s);


/*
 * Fork snapshots: the copies the fork guard (loader/forkguard.h) makes
 * of a writable range on hugetlb pages, and how a child puts them in
 * place (remap/forksnap.c).  They run inside fork(): in the parent's
 * prepare handler and in the child's handler, before anything else in
 * the child may run.
 */

/* A range of huge pages of PAGE bytes, with its protection PROT. */
struct remap_snap_range {
	uintptr_t addr;
	size_t len, page;
	int prot;
};

/*
 * A copy of R in a fresh private anonymous mapping with R's protection,
 * aligned to ALIGN (a power of two, BASE or more) and advised
 * MADV_HUGEPAGE when THP is set, so that it can take transparent huge
 * pages.  Base pages that hold only zeros are not written: they cost no
 * memory, but for the last of a block of ALIGN bytes that holds data
 * when THP is set (forksnap.c).  A huge page this process may not read
 * (the program made it PROT_NONE, or unmapped it) is not read, and
 * reads as zeros in the copy.  Where R's protection has PROT_EXEC, what
 * is written is made visible to instruction fetch (raw_sync_icache).
 * Returns the copy's address, or 0 when no memory could be mapped for
 * it.
 */
uintptr_t remap_snap_make(const struct remap_snap_range *r, size_t base,
		       size_t align, int thp);

/* Drop a copy of R made by remap_snap_make. */
void remap_snap_drop(uintptr_t snap, const struct remap_snap_range *r);

/*
 * Put the copy SNAP in place of R in one step (mremap(MREMAP_FIXED)),
 * which unmaps what was there.  Returns 0 or -errno, SNAP untouched.
 */
long remap_snap_put(uintptr_t snap, const struct remap_snap_range *r);

/*
 * Move R onto base pages in place, one huge page at a time, so that one
 * page's worth of memory is all it needs: a new mapping takes each huge
 * page's place with its contents, read from FROM (a copy of R) when it
 * is not 0, else from R itself wherever this process has the page and
 * may read it.  A page it does not have reads as zeros, as it did in the
 * process that had none either; HAD[i] (when HAD is not NULL) says that
 * page i was there where R was copied from, and then it cannot be had.
 * Where R's protection has PROT_EXEC, each page written is made visible
 * to instruction fetch (raw_sync_icache).  Returns the pages that could
 * not be had, or -1 when memory ran out (the pages before are moved, the
 * rest stay as they were).
 */
long remap_snap_move(const struct remap_snap_range *r, size_t base,
		  uintptr_t from, const unsigned char *had);

/*
 * Fill HAD[i] for each huge page of R: 1 when this process has it
 * (mincore), else 0.
 */
void remap_snap_presence(const struct remap_snap_range *r, size_t base,
		      unsigned char *had);

/*
 * The fork guard's handlers (loader/forkguard.h says what the guard
 * does; remap/forkguard.c): they run inside fork(), the child's before
 * anything else in the child may run, and fork() may be called from a
 * signal handler.  The loader fills one struct remap_fork_guard in a
 * mapping of its own, hands it over with remap_fork_guard_set, and
 * registers the three handlers with pthread_atfork.
 */
/* Parts of a range and the protection the program gave each. */
#define REMAP_GUARD_PIECES 16

struct remap_guard_piece {
	uintptr_t lo, hi;
	int prot;
};

struct remap_guard_range {
	struct remap_snap_range at;
	uintptr_t snap;		/* this fork's copy, or 0: the child moves it */
	unsigned char *had;	/* len / page bytes: the parent had page i */
	/* The protections at this fork(), from /proc/self/maps: a program
	 * may have changed them since the install (mprotect).  npiece -1:
	 * they could not all be read, or had more parts than PIECE holds,
	 * and AT's protection stands, which the parent says once. */
	int npiece;
	struct remap_guard_piece piece[REMAP_GUARD_PIECES];
};

struct remap_fork_guard {
	int lock;		/* futex word: 1 while a fork() is guarded */
	uint64_t mask;		/* that fork()'s thread's signal mask before */
	int moving;		/* that fork()'s child moves a range itself */
	int pipe[2];		/* ... and the parent waits for it; or -1 */
	int said;		/* the message about moving was given */
	int said_protections;	/* ... and the one about protections */
	int warn;		/* messages are wanted */
	struct remap_stderr err;	/* where they go, checked at each one */
	size_t base, align;
	int thp;
	char prog[64];
	int n;
	struct remap_guard_range r[REMAP_MAX_RANGES];
};

/* The guard the handlers use, or NULL: set once, after the commit. */
void remap_fork_guard_set(struct remap_fork_guard *g);
struct remap_fork_guard *remap_fork_guard_get(void);

void remap_fork_prepare(void);
void remap_fork_parent(void);
void remap_fork_child(void);

#endif

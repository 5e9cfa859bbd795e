/* SPDX-License-Identifier: MIT */
/*
 * The commit window: copy the writable ranges and swap the prepared
 * huge-page mappings into place.
 *
 * IMPORTANT: this code is copied, as machine code, into a private
 * executable page and run from there (remap/run.c), because the text it
 * swaps may contain it (static programs).  Therefore everything here:
 *  - lives in the section remap_text and refers to nothing outside it:
 *    no libc, no errno (only its constants), no TLS, no PLT or GOT, no
 *    global or static data, no string constants (messages arrive in
 *    struct remap_commit);
 *  - is inlined into remap_commit_run, and built freestanding, without the
 *    stack protector, jump tables or cold partitions (REMAP_SAFETY_CFLAGS
 *    in the Makefile).
 *    tests/integration/runtime-commit-stub.sh checks the object file.
 * Signals stay blocked for the whole window, so no handler of the program
 * runs in this thread while its memory is being swapped.
 *
 * Other threads may run meanwhile (a library that dlopen() loads while
 * the program's threads run), which is why the rule is:
 *  - a read-only range swaps whatever other threads do.  Its copy was
 *    made by prepare, from the file, and its content cannot change
 *    before the swap; the swap is one mremap or one mmap(MAP_FIXED),
 *    which the kernel makes under its lock on the address space, so
 *    another thread executing in the range, or a signal handler of
 *    another thread running there, takes the same instructions from the
 *    old pages or the new.  Blocking signals in this thread alone is
 *    enough for that reason;
 *  - a writable range swaps only while the process has one thread: it
 *    is copied here, and another thread could write to it between the
 *    copy and the swap.  The caller leaves it out otherwise
 *    (loader/move.c);
 *  - a failed swap that left the old pages in place never restores by
 *    copy while other threads run (recover_thp is 0 then): that would
 *    leave the range empty for a moment.  One whose old pages the kernel
 *    took away is restored whatever the threads: it is the only way
 *    back.
 *
 * remap_copy_pages, the copy of a range from the live memory, is reached
 * from remap_commit_run for writable ranges and called directly by prepare,
 * before the window, for read-only ones: one copier for both.
 *
 * Each swap is one system call that replaces the old pages with
 * identical contents in a single step, so the program never sees the
 * range missing: mremap(MREMAP_FIXED) of a fully populated mapping
 * (hugetlb or transparent huge pages), or mmap(MAP_FIXED) of a hugetlb
 * file that already holds every page (every hugetlb range, shared files
 * included, where the kernel cannot move hugetlb mappings).  A hugetlb
 * mapping is never handed to mremap where the kernel cannot move it:
 * before Linux 5.16, mremap(MREMAP_FIXED) unmaps the target first and
 * only then refuses the hugetlb mapping with EINVAL (mremap_to,
 * vma_to_resize), so another thread would find the range missing.  That
 * call is the point of no return for its range.  If it fails, the range is restored from the scratch copy:
 * onto transparent huge pages when they are usable (and the process has
 * no other thread to see the range empty for that moment), else onto base
 * pages, or, when the old pages are still in place and THP is not
 * usable or other threads run, it simply stays on them.  A range sealed
 * with mseal stays on them too: the kernel refuses its swap and any
 * fresh mapping over it (EPERM) and leaves it as it was.  Only if the
 * restore fails too, the old pages gone, does the process end, with a
 * message.
 */
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "remap/remap.h"

/* Every helper is inlined into remap_commit_run and remap_copy_pages, so it
 * lands in remap_text. */
#define REMAP_INLINE static inline __attribute__((always_inline))

REMAP_INLINE uintptr_t min_addr(uintptr_t a, uintptr_t b)
{
	return a < b ? a : b;
}

/* Copy [from, to) of the live memory into the scratch mapping. */
REMAP_INLINE uint64_t copy_from_memory(const struct remap_range *s,
				     uintptr_t from, uintptr_t to)
{
	if (to <= from)
		return 0;
	raw_copy((void *)(s->scratch + (from - s->target)),
		     (const void *)from, to - from);
	return to - from;
}

/*
 * Copy [from, to) of K's file-backed part from the program file, which
 * holds those bytes while their pages were never touched: from its
 * mapping where there is one (a user-space copy costs less than the
 * kernel's copy of pread), else read; what the file cannot give (no
 * file, a read error, its end) from memory, which past the file's end
 * holds zeros.
 */
REMAP_INLINE uint64_t copy_file(const struct remap_commit *c,
			const struct remap_range *s, const struct remap_copy *k,
			uintptr_t from, uintptr_t to)
{
	uintptr_t at = from;

	if (k->map && at < k->map_end) {
		uintptr_t end = min_addr(to, k->map_end);

		raw_copy((void *)(s->scratch + (at - s->target)),
			 (const void *)(k->map + (at - k->start)), end - at);
		at = end;
	}
	while (c->prog_fd >= 0 && k->file_off >= 0 && at < to) {
		long got = raw_pread(c->prog_fd,
				     (void *)(s->scratch + (at - s->target)),
				     to - at,
				     k->file_off + (long)(at - k->start));

		if (got <= 0)
			break;
		at += (uintptr_t)got;
	}
	return (at - from) + copy_from_memory(s, at, to);
}

/* What to do with one page of a range. */
enum { COPY_NONE, COPY_FROM_MEMORY, COPY_FROM_FILE };

/* A run of pages to treat alike: [from, to), and how. */
struct run {
	uintptr_t from, to;
	int how;
};

REMAP_INLINE uint64_t flush(const struct remap_commit *c,
		    const struct remap_range *s,
		    const struct remap_copy *k, const struct run *r)
{
	if (r->how == COPY_FROM_MEMORY)
		return copy_from_memory(s, r->from, r->to);
	if (r->how == COPY_FROM_FILE)
		return copy_file(c, s, k, r->from, r->to);
	return 0;
}

/*
 * A page S->source names (enum remap_source) is copied from memory.  Any
 * other holds what it was loaded with: the file's bytes below K->sparse
 * (read from the file, leaving the old mapping untouched), zeros above
 * it (nothing to copy).  Without pagemap, everything is copied from
 * memory.
 */
REMAP_INLINE int how(const struct remap_range *s, const struct remap_copy *k,
		  uintptr_t from, int known, uint64_t entry)
{
	int memory;

	if (s->source == REMAP_FROM_FILE)
		memory = 0;
	else if (!known || s->source == REMAP_FROM_ALL)
		memory = 1;
	else if (s->source == REMAP_FROM_WRITTEN)
		memory = REMAP_PM_WRITTEN(entry);
	else
		memory = REMAP_PM_USED(entry);
	if (memory)
		return COPY_FROM_MEMORY;
	return from < k->sparse ? COPY_FROM_FILE : COPY_NONE;
}

/* Read N pagemap entries from PAGE on; true when all of them came. */
REMAP_INLINE int read_pagemap(const struct remap_commit *c,
			   const struct remap_range *s,
			   uintptr_t page, size_t n)
{
	if (c->pagemap_fd < 0 || s->source == REMAP_FROM_FILE ||
	    s->source == REMAP_FROM_ALL)
		return 0;
	return raw_pread(c->pagemap_fd, c->pm_buf, n * 8,
			 (long)(page / c->base * 8)) == (long)(n * 8);
}

/* Copy range K page by page, in runs of pages treated alike. */
REMAP_INLINE uint64_t copy_range(const struct remap_commit *c,
			 const struct remap_range *s,
			 const struct remap_copy *k)
{
	uintptr_t page = k->start & ~(uintptr_t)(c->base - 1);
	struct run r = { k->start, k->start, COPY_NONE };
	uint64_t done = 0;

	while (page < k->end) {
		size_t n = (k->end - page + c->base - 1) / c->base;
		int known;

		if (n > c->pm_len)
			n = c->pm_len;
		known = read_pagemap(c, s, page, n);
		for (size_t i = 0; i < n; i++, page += c->base) {
			uintptr_t from = page < k->start ? k->start : page;
			uintptr_t to = min_addr(page + c->base, k->end);
			int h = how(s, k, from, known,
				    known ? c->pm_buf[i] : 0);

			/* A page that straddles the end of the file part. */
			if (h == COPY_FROM_FILE && to > k->sparse)
				h = COPY_FROM_MEMORY;
			if (h != r.how) {
				done += flush(c, s, k, &r);
				r.from = from;
				r.how = h;
			}
			r.to = to;
		}
	}
	return done + flush(c, s, k, &r);
}

REMAP_INLINE uint64_t copy_live(const struct remap_commit *c,
				const struct remap_range *s)
{
	uint64_t done = 0;

	for (int i = 0; i < s->ncopy; i++)
		done += copy_range(c, s, &s->copy[i]);
	return done;
}

/* Write a number in decimal after the fatal message. */
REMAP_INLINE size_t put_number(char *p, unsigned long v)
{
	char tmp[24];
	size_t n = 0, i = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) && n < sizeof(tmp));
	while (n)
		p[i++] = tmp[--n];
	p[i++] = '\n';
	return i;
}

/* Past the point of no return: say so (where C->fatal_fd allows), then
 * abort. */
__attribute__((noreturn))
REMAP_INLINE void die(struct remap_commit *c, long err)
{
	uint64_t abrt = 1ull << (SIGABRT - 1);
	size_t n = c->fatal_len;

	n += put_number(c->fatal + n, (unsigned long)-err);
	if (c->fatal_fd >= 0)
		raw_write(c->fatal_fd, c->fatal, n);
	raw_sigdefault(SIGABRT);
	raw_sigprocmask(SIG_UNBLOCK, &abrt, 0);
	raw_kill(raw_getpid(), SIGABRT);
	for (;;)
		raw_exit_group(127);
}

/*
 * True when the first page of the range's own memory is still mapped.
 * mprotect to the protection it already has changes nothing, and fails
 * with ENOMEM only where nothing is mapped: EPERM (a range sealed with
 * mseal, Linux 6.10, which no mremap, mmap or mprotect may change) and
 * EACCES refuse a mapping that is there.
 */
REMAP_INLINE int still_mapped(const struct remap_commit *c,
			      const struct remap_range *s)
{
	uintptr_t page = s->copy[0].start & ~(uintptr_t)(c->base - 1);

	return raw_mprotect((void *)page, c->base, s->prot) != -ENOMEM;
}

REMAP_INLINE long map_fresh(const struct remap_range *s, int fault)
{
	if (fault == REMAP_FAULT_RECOVER)
		return -ENOMEM;
	return raw_mmap((void *)s->target, s->len, PROT_READ | PROT_WRITE,
			MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/*
 * Copy the range's memory back from the scratch copy into the fresh
 * mapping at its target, on transparent huge pages when C->recover_thp
 * allows, and give it its protection.
 */
REMAP_INLINE void refill(struct remap_commit *c, struct remap_range *s)
{
	int thp = 0;
	long r;

	if (c->recover_thp)
		thp = raw_madvise((void *)s->target, s->len,
				  MADV_HUGEPAGE) == 0;
	for (int i = 0; i < s->ncopy; i++)
		raw_copy((void *)s->copy[i].start,
			 (const void *)(s->scratch +
					(s->copy[i].start - s->target)),
			 s->copy[i].end - s->copy[i].start);
	/* EINVAL: no MADV_COLLAPSE before Linux 6.1; the faults did it. */
	if (thp) {
		r = raw_madvise((void *)s->target, s->len, MADV_COLLAPSE);
		thp = r == 0 || r == -EINVAL;
	}
	if (s->prot & PROT_EXEC)
		raw_sync_icache((void *)s->target, s->len);
	r = raw_mprotect((void *)s->target, s->len, s->prot);
	if (r)
		die(c, r);
	s->recovered = 1;
	s->recovered_thp = thp;
}

/*
 * A swap failed.  If the old pages went with it, restore the range from
 * the scratch copy into fresh memory.  If they are still there, they
 * stay, unless the restore can put the range on transparent huge pages;
 * should mapping the fresh memory fail and leave them in place (a sealed
 * range), they stay after all.
 */
REMAP_INLINE void recover(struct remap_commit *c, struct remap_range *s,
			  int fault)
{
	int untouched = fault != REMAP_FAULT_RECOVER && still_mapped(c, s);
	long r;

	if (untouched && !c->recover_thp)
		return;
	r = map_fresh(s, fault);
	if (r != (long)s->target && untouched && still_mapped(c, s))
		return;
	if (r != (long)s->target)
		r = map_fresh(s, fault);
	if (r != (long)s->target)
		die(c, r);
	refill(c, s);
}

/*
 * Move S's scratch mapping over its target.  HUGELINK_FAULT=no-hugetlb-mremap
 * fails a move of hugetlb pages as kernels before Linux 5.16 do: the
 * target unmapped, then EINVAL.
 */
REMAP_INLINE long move(const struct remap_commit *c,
		       const struct remap_range *s)
{
	if (c->fault == REMAP_FAULT_NO_HUGETLB_MREMAP && s->hugetlb) {
		raw_munmap((void *)s->target, s->len);
		return -EINVAL;
	}
	return raw_mremap((void *)s->scratch, s->len,
			  MREMAP_MAYMOVE | MREMAP_FIXED, (void *)s->target);
}

/* Swap S in, as S->how says (enum remap_how). */
REMAP_INLINE long swap_one(const struct remap_commit *c, struct remap_range *s,
			int fault)
{
	if (fault == REMAP_FAULT_SWAP)
		return -EINVAL;
	if (fault == REMAP_FAULT_SWAP_UNMAPPED ||
	    fault == REMAP_FAULT_RECOVER) {
		raw_munmap((void *)s->target, s->len);
		return -ENOMEM;
	}
	if (s->how == REMAP_MOVE)
		return move(c, s);
	return raw_mmap((void *)s->target, s->len, s->prot,
			MAP_PRIVATE | MAP_NORESERVE | MAP_FIXED, s->fd, 0);
}

/*
 * The end of remap_text, for the copy (remap/run.c): a label in the
 * section's last subsection, which the assembler places after every
 * function the compiler puts in the section, in whatever order it emits
 * them.  A label of the section's own, rather than the __start_ and
 * __stop_ symbols a linker makes for it, which it would export from every
 * shared library that carries the runtime.
 */
__asm__(".pushsection remap_text,\"ax\",@progbits\n"
	".subsection 8191\n"
	".globl remap_text_end\n"
	".hidden remap_text_end\n"
	"remap_text_end:\n"
	".popsection\n");

/*
 * Inlined copy_live: a call from remap_commit_run to another function would
 * need a relocation, which the private copy of remap_text cannot have.
 */
__attribute__((section("remap_text"), noinline, used, visibility("hidden")))
uint64_t remap_copy_pages(const struct remap_commit *c,
			  const struct remap_range *s)
{
	return copy_live(c, s);
}

__attribute__((section("remap_text"), noinline, used, visibility("hidden")))
long remap_commit_run(struct remap_commit *c)
{
	uint64_t all = ~0ull, old = 0;
	long failed = 0;

	raw_sigprocmask(SIG_SETMASK, &all, &old);
	for (int i = 0; i < c->nswap; i++) {
		struct remap_range *s = &c->swap[i];
		int fault = i == c->nswap - 1 &&
			    c->fault < REMAP_FAULT_NO_HUGETLB_MREMAP ?
			    (int)c->fault : REMAP_FAULT_NONE;
		uint64_t t0 = c->timed ? raw_now_ns() : 0;
		long r;

		if (s->live)
			s->copied = copy_live(c, s);
		if (s->live && (s->prot & PROT_EXEC))
			raw_sync_icache((void *)s->scratch, s->len);
		r = swap_one(c, s, fault);
		if (r != (long)s->target) {
			s->err = r < 0 ? r : -EINVAL;
			recover(c, s, fault);
			failed++;
		}
		if (c->timed)
			s->ns = raw_now_ns() - t0;
	}
	raw_sigprocmask(SIG_SETMASK, &old, 0);
	return failed;
}

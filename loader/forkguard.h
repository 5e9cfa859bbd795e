/* SPDX-License-Identifier: MIT */
#ifndef LOADER_FORKGUARD_H
#define LOADER_FORKGUARD_H
/*
 * fork() and writable ranges on hugetlb pages (the pool serves writable
 * ranges only when transparent huge pages cannot, or when asked to; see
 * core/backing.h).  After fork() parent and child share those private
 * huge pages copy-on-write.  A child that writes to one needs a free huge
 * page or dies of SIGBUS; a parent, or any thread of it, that writes to
 * one with no free page takes the page back from the child, which dies
 * on its next touch of it, even a read.  A check of the pool at fork()
 * cannot help: other processes take pages after it, and the parent's
 * other threads write whenever they like.
 *
 * So a child made by fork() never uses a shared hugetlb page at all.
 * The parent copies each writable hugetlb range, before fork(), into
 * fresh anonymous memory (advised MADV_HUGEPAGE where transparent huge
 * pages serve, so the child keeps huge pages where it can); the child,
 * before anything else runs in it, moves each copy over its range with
 * one mremap(MREMAP_FIXED), which unmaps the shared hugetlb pages without
 * touching them; the parent drops its side of the copies.  Every fork(),
 * whatever the pool says.  The parent keeps its hugetlb pages; the child
 * runs on transparent huge pages or base pages.  The cost is one copy of
 * the writable hugetlb ranges per fork(), in the parent (pages of zeros
 * are skipped).  A range on 1 GiB pages needs the same: fork() on Linux
 * 6.18 does not always give the child the parent's entry for a private
 * 1 GiB page, and the child never reads its own mapping.
 *
 * Which writes of the parent the child sees.  The copy is made in the
 * thread that calls fork(), by the last prepare handler to run (the
 * guard is registered before the program's own handlers, which run
 * before it), so it holds whatever those handlers left, locks taken
 * included.  A write another thread made before the fork() call in the
 * program's own order (it released a lock, or stored with release,
 * that this thread took or loaded with acquire before calling fork(), or
 * was joined) happens before the copy's reads, which therefore see it
 * or a later value: it is in the child.  A write made after fork()
 * returns in the parent is not.  A write concurrent with fork() may or
 * may not be in the child, as with the kernel's own fork(), which copies
 * page tables while other threads write; such writes may also reach the
 * child in an order the program did not make them, which no program can
 * tell from the kernel's own fork() either, since it cannot order them
 * against fork() at all.
 *
 * One fork() at a time: the guard holds a lock of its own from its
 * prepare handler to its parent or child handler (another thread's
 * fork() waits there), with the forking thread's asynchronous signals
 * blocked meanwhile, so that a signal handler that forks cannot wait for
 * itself.
 *
 * No memory for a copy: fork() cannot fail for that, so the child moves
 * the range itself, one huge page at a time (one page's worth of memory
 * is all it needs), while the forking thread waits for it; the parent
 * gives one message the first time.  That child still depends on the
 * shared pages until it is done, so another thread of the parent that
 * writes to them meanwhile with no free page can kill it; and a page
 * fork() did not give it (1 GiB pages) cannot be had at all, so it ends
 * with a message rather than run with zeros there.
 *
 * What is not covered.  Children made without glibc's fork(): _Fork()
 * and raw clone() run no fork handlers, and such a child shares the
 * pages as the kernel makes it (it lives while the pool has free pages).
 * vfork(), posix_spawn() and system() share the parent's memory until
 * exec and copy nothing: nothing to guard.  The handlers run only after
 * glibc's fork() has written its own data in the child; in a dynamic
 * program none of that lies in the program's segments, but in a static
 * one libc's data is part of them, which is why a static program's
 * writable ranges never go on hugetlb pages, and why a range that holds
 * the start of the brk heap (where glibc's fork() resets the locks of
 * stdio streams in a multithreaded child) does not either.  A prepare
 * handler registered before the guard (a preinit function's) runs after
 * the copy: whatever it locks is copied unlocked.  The copy, and so the
 * child's range, is readable and writable as the range was at start-up:
 * a huge page the program has since made PROT_NONE or unmapped is not
 * read (reading it would kill the parent) and is zeros in the child.
 */
#include <stdbool.h>
#include <stddef.h>

#include "remap/remap.h"

/*
 * Whether a guard this copy of the runtime installs lasts as long as the
 * process.  The guard's handlers are this copy's code, registered with
 * pthread_atfork under this copy's object, so dlclose() of that object
 * unregisters them (glibc's __cxa_finalize), and every fork() after it
 * would leave its child on the shared hugetlb pages.  True when this copy
 * is the program's, or its object is linked never to be unloaded (-z
 * nodelete, as libhugelink.so is, which hugectl preloads).  Asked before
 * a writable range takes hugetlb pages.
 */
bool ldr_forkguard_lasts(void);

/*
 * Guard the writable hugetlb ranges C swapped in (PAGE[i] is the page
 * size of C->swap[i]) across fork(); nothing when there are none.
 * THP_PAGE is the size of transparent huge pages when they serve, else
 * 0; messages are given at VERBOSE (HUGETLB_VERBOSE) 2 and above (the
 * fatal one always), naming PROG, and only while fd 2 is still the
 * standard error ERR noted (loader/report.h).  Call once, after a
 * successful commit.
 */
void ldr_forkguard_install(const struct remap_commit *c, const size_t *page,
			  size_t thp_page, const struct remap_stderr *err,
			  int verbose, const char *prog);

#endif

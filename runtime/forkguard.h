#ifndef RUNTIME_FORKGUARD_H
#define RUNTIME_FORKGUARD_H
/*
 * fork() and writable ranges on hugetlb pages (the pool serves writable
 * ranges only when transparent huge pages cannot, or when asked to; see
 * core/backing.h).  Parent and child share the writable huge pages until
 * one of them writes.  If the child writes, its copy needs a free huge
 * page; if the parent writes, it takes a free page or, with none left,
 * takes the shared page back from the child, whose next touch of it then
 * kills it with SIGBUS.  The parent, which holds the reservation, is
 * never hurt.  So when fork() finds the pool unable to cover a copy of
 * every writable huge page (free pages less those reserved for other
 * mappings), the child moves its writable ranges to base pages, contents
 * and all, while the parent waits for it before going on.  The child
 * keeps running; only its speed changes.
 *
 * Gigantic pages (1 GiB) are always moved: fork() on Linux 6.18 does not
 * always give the child the parent's entry for a private gigantic page,
 * and the child then reads zeros there (or dies with an empty pool).  For
 * those the parent also copies the ranges before fork(), and the child
 * takes each page fork() did not give it from that copy.
 *
 * The child handler writes nothing but its own stack and mappings until
 * the ranges are moved: no malloc, no stdio, not even errno (raw system
 * calls), since any write to those ranges would be the very copy that
 * kills the child.  glibc's fork() itself writes only to libc's data
 * before it runs the handler, which in a dynamic program lies outside
 * the program's segments; a static program's writable ranges never go
 * on hugetlb pages for that reason.
 */
#include "swap/swap.h"

/*
 * Watch the writable ranges C swapped in (PAGE[i] is the page size of
 * C->swap[i]) across fork().  Call once, after a successful commit.
 */
void rt_forkguard_install(const struct sw_commit *c, const size_t *page);

/* The child side, exposed for tests: returns the ranges moved. */
int rt_forkguard_child_run(void);

#endif

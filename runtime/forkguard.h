#ifndef RUNTIME_FORKGUARD_H
#define RUNTIME_FORKGUARD_H
/*
 * fork() with a short pool.  Parent and child share the writable huge
 * pages until one of them writes.  If the child writes, its copy needs a
 * free huge page; if the parent writes, it takes a free page or, with
 * none left, takes the shared page back from the child, whose next touch
 * of it then kills it with SIGBUS.  The parent, which holds the
 * reservation, is never hurt.  So when fork() finds the pool unable to
 * cover a copy of every writable huge page, the child moves its writable
 * ranges to base pages, contents and all, while the parent waits for it
 * before going on.  The child keeps running; only its speed changes.
 *
 * The child handler writes nothing but its own stack and mappings until
 * the ranges are moved: no malloc, no stdio, not even errno (raw system
 * calls), since any write to those ranges would be the very copy that
 * kills the child.  glibc's fork() itself writes only to libc's data
 * before it runs the handler, which in a dynamic program lies outside
 * the program's segments.  In a static program libc's data is part of
 * the program's writable segment, so there the child can still die; see
 * the README.
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

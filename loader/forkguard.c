/* SPDX-License-Identifier: MIT */
/*
 * The fork guard: see forkguard.h.  This is its set-up, which runs in
 * the constructor and uses libc; the handlers that run inside fork()
 * are remap/forkguard.c.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/config.h"
#include "loader/acting.h"
#include "loader/forkguard.h"
#include "remap/remap.h"

/*
 * libc's dlopen and dladdr (from glibc 2.34), by their symbol versions
 * and weak: a static program's link finds no such version in libc.a, so
 * the references stay NULL there, where the copy is the program's and
 * needs neither, rather than draw libc.a's dlopen in with its warning
 * that a static program calls it; a library whose libc lacks them still
 * loads.
 */
extern __typeof__(dlopen) ldr_libc_dlopen __attribute__((weak));
extern __typeof__(dladdr) ldr_libc_dladdr __attribute__((weak));
__asm__(".symver ldr_libc_dlopen, dlopen@GLIBC_2.34\n"
	".symver ldr_libc_dladdr, dladdr@GLIBC_2.34");

bool ldr_forkguard_lasts(void)
{
	Dl_info self;

	if (ldr_copy_in_program())
		return true;
	if (!ldr_libc_dlopen || !ldr_libc_dladdr ||
	    !ldr_libc_dladdr((const void *)ldr_forkguard_lasts, &self) ||
	    !self.dli_fname)
		return false;
	/* The handle is never closed: the object stays for good anyway. */
	return ldr_libc_dlopen(self.dli_fname, RTLD_LAZY | RTLD_NOLOAD |
					       RTLD_NODELETE) != NULL;
}

/* The guard could not be set up (no memory): say what that means. */
static void unguarded(int verbose, const char *prog)
{
	if (verbose >= HL_V_WARN)
		dprintf(STDERR_FILENO, "hugelink: %s: no memory to guard "
			"fork(): a child made by fork() shares the data on "
			"hugetlb pages and can be killed if the pool runs "
			"out\n", prog);
}

static int guarded(const struct remap_range *s)
{
	return s->live && s->hugetlb && !s->err;
}

/* The guard's mapping: the struct, then the HAD bytes of every range it
 * guards; 0 when it guards none. */
static size_t guard_size(const struct remap_commit *c, const size_t *page)
{
	size_t n = 0;

	for (int i = 0; i < c->nswap; i++)
		if (guarded(&c->swap[i]))
			n += c->swap[i].len / page[i];
	return n ? n + sizeof(struct remap_fork_guard) : 0;
}

void ldr_forkguard_install(const struct remap_commit *c, const size_t *page,
			  size_t thp_page, const struct remap_stderr *err,
			  int verbose, const char *prog)
{
	size_t size = guard_size(c, page);
	unsigned char *had;
	struct remap_fork_guard *g;

	if (remap_fork_guard_get() || !size)
		return;
	g = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g == MAP_FAILED) {
		unguarded(verbose, prog);
		return;
	}
	had = (unsigned char *)(g + 1);
	g->base = c->base;
	g->thp = thp_page != 0;
	g->align = thp_page > c->base ? thp_page : c->base;
	g->warn = verbose >= HL_V_WARN;
	g->err = *err;
	strncpy(g->prog, prog, sizeof(g->prog) - 1);
	for (int i = 0; i < c->nswap; i++) {
		const struct remap_range *s = &c->swap[i];
		struct remap_guard_range *r = &g->r[g->n];

		if (!guarded(s))
			continue;
		r->at.addr = s->target;
		r->at.len = s->len;
		r->at.page = page[i];
		r->at.prot = s->prot;
		r->had = had;
		had += s->len / page[i];
		g->n++;
	}
	remap_fork_guard_set(g);
	if (pthread_atfork(remap_fork_prepare, remap_fork_parent,
			   remap_fork_child)) {
		remap_fork_guard_set(NULL);
		munmap(g, size);
		unguarded(verbose, prog);
	}
}

/* SPDX-License-Identifier: MIT */
/*
 * The fork guard: see forkguard.h.  This is its set-up, which runs in
 * the constructor and uses libc; the handlers that run inside fork()
 * are remap/forkguard.c.
 */
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/config.h"
#include "loader/acting.h"
#include "loader/forkguard.h"
#include "loader/report.h"
#include "remap/remap.h"

/*
 * The handle libc's pthread_atfork registers the guard's handlers under,
 * which crtbegin.o defines; a link with start files of its own
 * (-nostartfiles) lacks it, and so gets this one, weak so that
 * crtbegin.o's, or the program's own, takes its place wherever there is
 * one.  Like crtbegin.o's, it holds its own address, which tells this
 * object from every other.  Kept global by loader/build.mk.
 */
void *__dso_handle __attribute__((weak, visibility("hidden"))) =
	&__dso_handle;

/*
 * This copy's object's own dynamic section, which the linker defines;
 * weak, so that a static program, which has none, still links.
 */
extern ElfW(Dyn) _DYNAMIC[] __attribute__((weak, visibility("hidden")));

/* Whether this copy's object says it is never unloaded (-z nodelete). */
static bool copy_never_unloaded(void)
{
	for (const ElfW(Dyn) *d = _DYNAMIC; d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_FLAGS_1)
			return (d->d_un.d_val & DF_1_NODELETE) != 0;
	return false;
}

bool ldr_forkguard_lasts(void)
{
	return ldr_copy_in_program() || copy_never_unloaded();
}

/* The guard could not be set up (no memory): say what that means. */
static void unguarded(int verbose, const char *prog)
{
	if (verbose >= HL_V_WARN)
		ldr_report_write("hugelink: %s: no memory to guard fork(): a "
				 "child made by fork() shares the data on "
				 "hugetlb pages and can be killed if the pool "
				 "runs out\n", prog);
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

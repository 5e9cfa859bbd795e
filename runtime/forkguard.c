/*
 * The fork guard: see forkguard.h.  It runs through pthread_atfork,
 * which passes no argument, so its state is found through the one
 * file-scope pointer in hugelink, set once after the commit and pointing
 * into a mapping of its own.  fork() may be called from a signal
 * handler, so the handlers use no stdio and no allocation: the pool
 * counters' paths are made at install time and read with
 * host_pool_counter.
 *
 * prepare (parent, before fork): is the pool short?  Then open a pipe.
 * child: move the writable ranges to base pages, then close the pipe.
 * parent: wait for the pipe to close (the child is done, or dead).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "host/pool.h"
#include "runtime/forkguard.h"

struct guard {
	size_t base;
	int waiting;		/* the pool was short at fork: pipe open */
	int pipe[2];
	int n;
	struct {
		uintptr_t addr;
		size_t len, page;
		char free_path[HOST_POOL_PATH_MAX];	/* free_hugepages */
	} r[SW_MAX_RANGES];
};

static struct guard *installed;

/* True when the pool can give a copy of every page of every range. */
static int pool_covers(const struct guard *g)
{
	for (int i = 0; i < g->n; i++) {
		long need = 0, have = host_pool_counter(g->r[i].free_path);

		for (int j = 0; j < g->n; j++)
			if (g->r[j].page == g->r[i].page)
				need += (long)(g->r[j].len / g->r[j].page);
		if (have < need)
			return 0;
	}
	return 1;
}

static int all_zero(const unsigned long *w, size_t n)
{
	for (size_t i = 0; i < n / sizeof(*w); i++)
		if (w[i])
			return 0;
	return 1;
}

/* Move one range onto base pages; pages of zeros are left untouched. */
static int to_base_pages(uintptr_t addr, size_t len, size_t base)
{
	long copy = raw_mmap(NULL, len, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (copy < 0 && copy > -4096)
		return -1;
	for (size_t off = 0; off < len; off += base)
		if (!all_zero((const unsigned long *)(addr + off), base))
			raw_copy((char *)copy + off, (const void *)(addr + off),
				     base);
	if (raw_mremap((void *)copy, len, MREMAP_MAYMOVE | MREMAP_FIXED,
			  (void *)addr) != (long)addr) {
		raw_munmap((void *)copy, len);
		return -1;
	}
	return 0;
}

int rt_forkguard_child_run(void)
{
	struct guard *g = installed;
	int moved = 0;

	if (!g || !g->waiting)
		return 0;
	for (int i = 0; i < g->n; i++)
		moved += to_base_pages(g->r[i].addr, g->r[i].len, g->base) == 0;
	raw_close(g->pipe[0]);
	raw_close(g->pipe[1]);
	g->waiting = 0;
	return moved;
}

static void before_fork(void)
{
	struct guard *g = installed;

	g->waiting = !pool_covers(g) &&
		     raw_syscall6(SYS_pipe2, (long)g->pipe, O_CLOEXEC, 0, 0, 0, 0) == 0;
}

static void in_child(void)
{
	rt_forkguard_child_run();
}

/* The parent must not write to the shared pages until the child let go. */
static void in_parent(void)
{
	struct guard *g = installed;
	long r;
	char c;

	if (!g->waiting)
		return;
	raw_close(g->pipe[1]);
	do
		r = raw_read(g->pipe[0], &c, 1);
	while (r > 0 || r == -EINTR);
	raw_close(g->pipe[0]);
	g->waiting = 0;
}

void rt_forkguard_install(const struct sw_commit *c, const size_t *page)
{
	struct guard *g;

	if (installed)
		return;
	g = mmap(NULL, sizeof(*g), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g == MAP_FAILED)
		return;
	g->base = c->base;
	for (int i = 0; i < c->nswap; i++) {
		const struct sw_range *s = &c->swap[i];

		if (!s->live || s->err)
			continue;
		g->r[g->n].addr = s->target;
		g->r[g->n].len = s->len;
		g->r[g->n].page = page[i];
		host_pool_path(g->r[g->n].free_path, HOST_SYSFS_HUGEPAGES,
			       page[i], "free_hugepages");
		g->n++;
	}
	if (!g->n || pthread_atfork(before_fork, in_parent, in_child)) {
		munmap(g, sizeof(*g));
		return;
	}
	installed = g;
}

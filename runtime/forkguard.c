/*
 * The fork guard: see forkguard.h.  It runs through pthread_atfork,
 * which passes no argument, so its state is found through the one
 * file-scope pointer in hugelink, set once after the commit and pointing
 * into a mapping of its own.  fork() may be called from a signal
 * handler, so the handlers use no stdio and no allocation: the pool
 * counters' paths are made at install time and read with
 * host_pool_counter, and memory comes from raw system calls.
 *
 * prepare (parent, before fork): is the pool short, or is a range on
 * gigantic pages?  Then open a pipe, and copy each gigantic range.
 * child: move the writable ranges to base pages, then close the pipe.
 * parent: wait for the pipe to close (the child is done, or dead), and
 * drop the copies.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "host/pool.h"
#include "runtime/forkguard.h"

/* Pages this large sit in the top level of page tables fork copies. */
#define GIGANTIC ((size_t)1 << 30)

struct guard {
	size_t base;
	int waiting;		/* the child moves its ranges: pipe open */
	int pipe[2];
	int n;
	struct {
		uintptr_t addr;
		size_t len, page;
		long copy;	/* a gigantic range's copy made before fork */
		char free_path[HOST_POOL_PATH_MAX];	/* free_hugepages */
		char resv_path[HOST_POOL_PATH_MAX];	/* resv_hugepages */
	} r[SW_MAX_RANGES];
};

static struct guard *installed;

/*
 * The guard as the forking thread saw it before fork, for the child's
 * handler.  The runtime may be linked into the program, and then
 * INSTALLED lies in the program's own writable segment, possibly on the
 * very hugetlb pages the child must not touch; the forking thread's TLS
 * lies on base pages (writable ranges of static programs, whose TLS
 * comes from the brk heap, never go on hugetlb pages).
 */
static __thread struct guard *forking __attribute__((tls_model("initial-exec")));

/*
 * True when the pool can give a copy of every page of every range: free
 * pages not promised to other mappings (resv_hugepages) cover them.
 */
static int pool_covers(const struct guard *g)
{
	for (int i = 0; i < g->n; i++) {
		long need = 0, free = host_pool_counter(g->r[i].free_path),
		     resv = host_pool_counter(g->r[i].resv_path);

		for (int j = 0; j < g->n; j++)
			if (g->r[j].page == g->r[i].page)
				need += (long)(g->r[j].len / g->r[j].page);
		if (free < 0 || resv < 0 || free - resv < need)
			return 0;
	}
	return 1;
}

static int any_gigantic(const struct guard *g)
{
	for (int i = 0; i < g->n; i++)
		if (g->r[i].page >= GIGANTIC)
			return 1;
	return 0;
}

static int all_zero(const unsigned long *w, size_t n)
{
	for (size_t i = 0; i < n / sizeof(*w); i++)
		if (w[i])
			return 0;
	return 1;
}

static int failed(long r)
{
	return r < 0 && r > -4096;
}

/* Copy the pages of [FROM, FROM + LEN) that are not all zeros to TO. */
static void copy_used(char *to, const char *from, size_t len, size_t base)
{
	for (size_t off = 0; off < len; off += base)
		if (!all_zero((const unsigned long *)(from + off), base))
			raw_copy(to + off, from + off, base);
}

/* A base-page copy of LEN bytes at ADDR, or 0. */
static long copy_of(uintptr_t addr, size_t len, size_t base)
{
	long copy = raw_mmap(NULL, len, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (failed(copy))
		return 0;
	copy_used((char *)copy, (const char *)addr, len, base);
	return copy;
}

/*
 * Move one range onto base pages.  Each huge page is read from the
 * child's own mapping when fork() gave the child its page table entry,
 * else from BEFORE, the copy the parent made before fork() (on this
 * kernel fork() does not always copy the entry of a gigantic page).
 */
static int to_base_pages(uintptr_t addr, size_t len, size_t page, size_t base,
			 long before)
{
	long copy = raw_mmap(NULL, len, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char in;

	if (failed(copy))
		return -1;
	for (size_t off = 0; off < len; off += page) {
		int mine = raw_syscall6(SYS_mincore, (long)(addr + off), (long)base,
					(long)&in, 0, 0, 0) == 0 && (in & 1);

		if (mine || before)
			copy_used((char *)copy + off, mine ?
				  (const char *)(addr + off) :
				  (const char *)(before + off), page, base);
	}
	if (raw_mremap((void *)copy, len, MREMAP_MAYMOVE | MREMAP_FIXED,
		       (void *)addr) != (long)addr) {
		raw_munmap((void *)copy, len);
		return -1;
	}
	return 0;
}

int rt_forkguard_child_run(void)
{
	struct guard *g = forking;
	int moved = 0;

	if (!g || !g->waiting)
		return 0;
	for (int i = 0; i < g->n; i++) {
		moved += to_base_pages(g->r[i].addr, g->r[i].len, g->r[i].page,
				       g->base, g->r[i].copy) == 0;
		if (g->r[i].copy)
			raw_munmap((void *)g->r[i].copy, g->r[i].len);
	}
	raw_close(g->pipe[0]);
	raw_close(g->pipe[1]);
	g->waiting = 0;
	return moved;
}

static void before_fork(void)
{
	struct guard *g = installed;

	forking = g;
	g->waiting = (any_gigantic(g) || !pool_covers(g)) &&
		     raw_syscall6(SYS_pipe2, (long)g->pipe, O_CLOEXEC, 0, 0, 0, 0) == 0;
	for (int i = 0; i < g->n; i++)
		g->r[i].copy = g->waiting && g->r[i].page >= GIGANTIC ?
			       copy_of(g->r[i].addr, g->r[i].len, g->base) : 0;
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
	for (int i = 0; i < g->n; i++)
		if (g->r[i].copy)
			raw_munmap((void *)g->r[i].copy, g->r[i].len);
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

		if (!s->live || !s->hugetlb || s->err)
			continue;
		g->r[g->n].addr = s->target;
		g->r[g->n].len = s->len;
		g->r[g->n].page = page[i];
		host_pool_path(g->r[g->n].free_path, HOST_SYSFS_HUGEPAGES,
			       page[i], "free_hugepages");
		host_pool_path(g->r[g->n].resv_path, HOST_SYSFS_HUGEPAGES,
			       page[i], "resv_hugepages");
		g->n++;
	}
	if (!g->n || pthread_atfork(before_fork, in_parent, in_child)) {
		munmap(g, sizeof(*g));
		return;
	}
	installed = g;
}

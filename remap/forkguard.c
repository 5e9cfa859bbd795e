/* SPDX-License-Identifier: MIT */
/*
 * The fork guard's handlers: see "The fork guard's handlers" in
 * remap.h, and loader/forkguard.h for what the guard does.
 *
 * IMPORTANT: these run inside fork(), the child's before anything else
 * in the child may run, and fork() may be called from a signal handler.
 * So, like all of remap/, they use raw system calls only (arch/raw.h):
 * no libc, no errno, no allocation, no stdio, no stack protector.
 *
 * pthread_atfork handlers take no argument, so their state is found
 * through the one file-scope pointer in hugelink, which lives in the
 * runtime's own data (libhugelink.so: a static program, which links the
 * runtime in, never has writable ranges on hugetlb pages) and points to
 * a mapping of the loader's, set once after the commit.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "remap/remap.h"

static struct remap_fork_guard *installed;

/*
 * The guard as the forking thread saw it before fork, for the child's
 * handler.  The runtime may be linked into the program, and then
 * INSTALLED lies in the program's own writable segment, possibly on the
 * very hugetlb pages the child must not touch; the forking thread's TLS
 * lies on base pages (writable ranges of static programs, whose TLS
 * comes from the brk heap, never go on hugetlb pages).
 */
static __thread struct remap_fork_guard *forking
	__attribute__((tls_model("initial-exec")));

/*
 * The signals blocked while a fork() is guarded: all but those the
 * kernel raises for a fault (a handler for those must still run, and
 * blocking them would only turn them into a kill).
 */
static uint64_t async_signals(void)
{
	static const int sync_sig[] = { SIGILL, SIGTRAP, SIGBUS, SIGFPE,
					SIGSEGV, SIGSYS };
	uint64_t set = ~(uint64_t)0;

	for (size_t i = 0; i < sizeof(sync_sig) / sizeof(sync_sig[0]); i++)
		set &= ~((uint64_t)1 << (sync_sig[i] - 1));
	return set;
}

static void lock(struct remap_fork_guard *g)
{
	while (__atomic_exchange_n(&g->lock, 1, __ATOMIC_ACQUIRE))
		raw_syscall6(SYS_futex, (long)&g->lock,
			     FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 1, 0, 0, 0);
}

static void unlock(struct remap_fork_guard *g)
{
	__atomic_store_n(&g->lock, 0, __ATOMIC_RELEASE);
	raw_syscall6(SYS_futex, (long)&g->lock, FUTEX_WAKE | FUTEX_PRIVATE_FLAG,
		     1, 0, 0, 0);
}

/* Append the LEN bytes at FROM to BUF, which holds *N of MAX bytes. */
static void append(char *buf, size_t *n, size_t max, const char *from,
		   size_t len)
{
	for (size_t i = 0; i < len && *n < max; i++)
		buf[(*n)++] = from[i];
}

/*
 * Write "hugelink: PROG: TEXT" to standard error, in one write, while it
 * is still the one noted (G->err).
 */
static void say(const struct remap_fork_guard *g, const char *text, size_t len)
{
	static const char head[] = "hugelink: ";
	char buf[320];
	size_t n = 0, prog = 0;

	if (!remap_stderr_same(&g->err))
		return;
	while (prog < sizeof(g->prog) && g->prog[prog])
		prog++;
	append(buf, &n, sizeof(buf), head, sizeof(head) - 1);
	append(buf, &n, sizeof(buf), g->prog, prog);
	append(buf, &n, sizeof(buf), ": ", 2);
	append(buf, &n, sizeof(buf), text, len);
	remap_stderr_write(g->err.fd, buf, n);
}

/* The hexadecimal number at *P, which is moved past it. */
static uintptr_t hex(const char **p, const char *end)
{
	uintptr_t v = 0;

	for (; *p < end; (*p)++) {
		char c = **p;
		int d = c >= '0' && c <= '9' ? c - '0' :
			c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (d < 0)
			break;
		v = v << 4 | (uintptr_t)d;
	}
	return v;
}

/* Note the maps line [LINE, END) in every range of G it meets. */
static void note_line(struct remap_fork_guard *g, const char *line,
		      const char *end)
{
	const char *p = line;
	uintptr_t lo = hex(&p, end), hi;
	int prot = 0;

	if (p >= end || *p++ != '-')
		return;
	hi = hex(&p, end);
	if (end - p < 4 || *p++ != ' ')
		return;
	prot = (p[0] == 'r' ? PROT_READ : 0) | (p[1] == 'w' ? PROT_WRITE : 0) |
	       (p[2] == 'x' ? PROT_EXEC : 0);
	for (int i = 0; i < g->n; i++) {
		struct remap_guard_range *r = &g->r[i];
		uintptr_t a = r->at.addr, b = r->at.addr + r->at.len;

		if (r->npiece < 0 || hi <= a || lo >= b)
			continue;
		if (r->npiece == REMAP_GUARD_PIECES) {
			r->npiece = -1;
			continue;
		}
		r->piece[r->npiece++] = (struct remap_guard_piece){
			lo > a ? lo : a, hi < b ? hi : b, prot };
	}
}

/* Mark every range whose protections were being noted as not known. */
static void protections_unknown(struct remap_fork_guard *g)
{
	for (int i = 0; i < g->n; i++)
		g->r[i].npiece = -1;
}

/*
 * The protection of every part of every range as it is now, from
 * /proc/self/maps read with raw system calls into a buffer on the
 * stack, a line at a time.  A line longer than the buffer (a path of
 * many newlines, each written as \012) is noted from its start, which
 * holds its addresses and permissions, and the rest of it passed over.
 * When the file cannot be read to its end, no range's protections are
 * known (npiece -1).
 */
static void note_protections(struct remap_fork_guard *g)
{
	char buf[2048];
	size_t have = 0;
	int rest = 0;		/* in the rest of a line already noted */
	long fd = raw_syscall6(SYS_openat, AT_FDCWD, (long)"/proc/self/maps",
			       O_RDONLY | O_CLOEXEC, 0, 0, 0), got;

	for (int i = 0; i < g->n; i++)
		g->r[i].npiece = 0;
	if (fd < 0) {
		protections_unknown(g);
		return;
	}
	while ((got = raw_read((int)fd, buf + have, sizeof(buf) - have)) > 0) {
		size_t end = have + (size_t)got, start = 0;

		for (size_t i = 0; i < end; i++)
			if (buf[i] == '\n') {
				if (!rest)
					note_line(g, buf + start, buf + i);
				rest = 0;
				start = i + 1;
			}
		if (start == 0 && end == sizeof(buf)) {
			if (!rest)
				note_line(g, buf, buf + end);
			rest = 1;
			start = end;
		}
		have = end - start;
		for (size_t i = 0; i < have; i++)
			buf[i] = buf[start + i];
	}
	if (got < 0)
		protections_unknown(g);
	else if (have && !rest)
		note_line(g, buf, buf + have);
	raw_close((int)fd);
}

/*
 * Give R's parts the protections noted at fork().  A part the program
 * made executable since start-up was copied as data (remap/forksnap.c
 * syncs only what R's own protection makes executable): it is made
 * visible to instruction fetch first, while R's protection still lets
 * it be read (arm64, raw_sync_icache).
 */
static void put_protections(const struct remap_guard_range *r)
{
	for (int i = 0; i < r->npiece; i++) {
		const struct remap_guard_piece *p = &r->piece[i];

		if (p->prot == r->at.prot)
			continue;
		if ((p->prot & PROT_EXEC) && !(r->at.prot & PROT_EXEC))
			raw_sync_icache((void *)p->lo, p->hi - p->lo);
		raw_mprotect((void *)p->lo, p->hi - p->lo, p->prot);
	}
}

static const char unknown_text[] =
	"fork(): the protections of the data on hugetlb pages could not all "
	"be noted (/proc/self/maps could not be read whole, or a range has "
	"more than 16 parts of its own); where the program changed them "
	"since start-up, a child has those of the start-up\n";

/*
 * Prepare (the parent, after the program's own prepare handlers): copy
 * every range; where no memory can be had for a copy, note which huge
 * pages the parent has and open the pipe the parent will wait on.
 */
void remap_fork_prepare(void)
{
	struct remap_fork_guard *g = installed;
	uint64_t block = async_signals(), old = 0;

	forking = g;
	if (!g->n)
		return;
	raw_sigprocmask(SIG_BLOCK, &block, &old);
	lock(g);
	g->mask = old;
	g->moving = 0;
	note_protections(g);
	for (int i = 0; i < g->n; i++)
		if (g->r[i].npiece < 0 && !g->said_protections) {
			g->said_protections = 1;
			if (g->warn)
				say(g, unknown_text, sizeof(unknown_text) - 1);
		}
	for (int i = 0; i < g->n; i++) {
		struct remap_guard_range *r = &g->r[i];

		r->snap = remap_snap_make(&r->at, g->base, g->align, g->thp);
		if (!r->snap) {
			remap_snap_presence(&r->at, g->base, r->had);
			g->moving = 1;
		}
	}
	g->pipe[0] = g->pipe[1] = -1;
	if (g->moving)
		raw_syscall6(SYS_pipe2, (long)g->pipe, O_CLOEXEC, 0, 0, 0, 0);
}

static const char lost_text[] =
	"fatal: fork(): the child was not given a huge page of its data, and "
	"there was no memory for a copy of it; ending the child\n";
static const char stuck_text[] =
	"fork(): the child could not leave the hugetlb pages it shares with "
	"its parent (no memory); it can be killed if the pool runs out\n";

/* End the child with SIGABRT, which no handler of the program catches. */
static void child_abort(void)
{
	uint64_t unblock = (uint64_t)1 << (SIGABRT - 1);

	raw_sigdefault(SIGABRT);
	raw_sigprocmask(SIG_UNBLOCK, &unblock, NULL);
	raw_kill(raw_getpid(), SIGABRT);
	raw_exit_group(127);
}


/*
 * *TO = *FROM, byte by byte: a structure assignment of this size may
 * become a call to memcpy, which nothing in remap/ may make.
 */
static void copy_range(struct remap_guard_range *to,
		       const struct remap_guard_range *from)
{
	const unsigned char *s = (const unsigned char *)from;
	unsigned char *d = (unsigned char *)to;

	for (size_t i = 0; i < sizeof(*to); i++)
		d[i] = s[i];
}
/*
 * The child: put each copy in place, or move the range itself.  It never
 * reads or writes the shared hugetlb pages but to move them, where there
 * was no copy.  Ranges left on hugetlb pages stay guarded for its own
 * children.
 */
void remap_fork_child(void)
{
	struct remap_fork_guard *g = forking;
	int kept = 0;

	if (!g->n)
		return;
	for (int i = 0; i < g->n; i++) {
		struct remap_guard_range *r = &g->r[i];
		long lost = 0;

		if (!r->snap || remap_snap_put(r->snap, &r->at)) {
			lost = remap_snap_move(&r->at, g->base, r->snap,
					    r->snap ? NULL : r->had);
			if (r->snap)
				remap_snap_drop(r->snap, &r->at);
		}
		if (lost > 0) {
			say(g, lost_text, sizeof(lost_text) - 1);
			child_abort();
		}
		if (!lost)
			put_protections(r);
		if (lost < 0) {
			if (g->warn)
				say(g, stuck_text, sizeof(stuck_text) - 1);
			copy_range(&g->r[kept++], r);
		}
	}
	g->n = kept;
	if (g->pipe[1] >= 0) {
		raw_close(g->pipe[0]);
		raw_close(g->pipe[1]);
	}
	g->lock = 0;
	raw_sigprocmask(SIG_SETMASK, &g->mask, NULL);
}

static const char moved_text[] =
	"fork(): no memory for a copy of the data on hugetlb pages; the child "
	"moved it to base pages itself, which another thread writing to it "
	"meanwhile could have made fatal\n";

/*
 * The parent: drop its side of the copies; when the child moves a range
 * itself, wait until it is done (or dead) before this thread writes to
 * the shared pages.
 */
void remap_fork_parent(void)
{
	struct remap_fork_guard *g = installed;
	uint64_t mask = g->mask;
	long r;
	char c;

	if (!g->n)
		return;
	for (int i = 0; i < g->n; i++)
		if (g->r[i].snap)
			remap_snap_drop(g->r[i].snap, &g->r[i].at);
	if (g->pipe[1] >= 0) {
		raw_close(g->pipe[1]);
		do
			r = raw_read(g->pipe[0], &c, 1);
		while (r > 0 || r == -EINTR);
		raw_close(g->pipe[0]);
	}
	if (g->moving && !g->said && g->warn) {
		g->said = 1;
		say(g, moved_text, sizeof(moved_text) - 1);
	}
	unlock(g);
	raw_sigprocmask(SIG_SETMASK, &mask, NULL);
}

void remap_fork_guard_set(struct remap_fork_guard *g)
{
	installed = g;
}

struct remap_fork_guard *remap_fork_guard_get(void)
{
	return installed;
}

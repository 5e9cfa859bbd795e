/* SPDX-License-Identifier: MIT */
/*
 * A pass over the loaded objects: see pass.h.
 */
#include <errno.h>
#include <link.h>
#include <linux/magic.h>
#include <linux/futex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "arch/raw.h"
#include "machine/bound.h"
#include "machine/env.h"
#include "machine/status.h"
#include "machine/vmaquery.h"
#include "loader/acting.h"
#include "loader/move.h"
#include "loader/names.h"
#include "loader/object.h"
#include "loader/pass.h"
#include "loader/quick.h"
#include "loader/said.h"
#include "loader/sizes.h"
#include "loader/trust.h"

/* Objects a process may have moved, or looked at and left, at most. */
#define LDR_SEEN_MAX 256

/* An object looked at: where its headers are loaded. */
struct seen {
	uintptr_t bias;
	const void *phdr;
	bool main;
};

/* An object to look at in this pass: where its headers are loaded, and
 * what loader/trust.h said of them. */
struct todo {
	size_t index;
	enum hl_lib_kind lib;	/* for a library */
	uintptr_t bias;
	const void *phdr;
	int trust;
};

/* A slot of the state: an object looked at, and one to look at in this
 * pass, side by side (struct state). */
struct slot {
	struct seen seen;
	struct todo todo;
};

/*
 * What the acting runtime keeps from one pass to the next.  The first
 * pass has the kernel provide the pages up to the slots of the first
 * few objects at once (state_get): the fields every pass uses, and those
 * slots.  The slots of further objects, and the report's texts, which a
 * pass with nothing to say never touches, come after them.
 */
struct state {
	struct hl_config cfg;		/* read by the first pass */
	bool configured;
	struct remap_stderr err;	/* fd 2 as the first pass found it */
	struct ldr_sizes sizes;		/* read, or assumed, once */
	unsigned long long unloads;	/* dlpi_subs at the last pass */
	size_t nseen;
	/* This pass's room. */
	size_t ntodo;
	int maps_fd;			/* /proc/self/maps, opened for the pass
					   when first needed, or -1 */
	bool maps_read;
	struct hl_maps maps;		/* read when an object needs them */
	struct ldr_fault fault;
	struct ldr_move_work work;
	struct ldr_report rep;
	struct ldr_image img;
	struct slot slot[LDR_SEEN_MAX];	/* seen[nseen], todo[ntodo] */
	struct ldr_report_texts rep_texts;
};

/* The objects whose slots the first pass has provided at once: the
 * program, libc, the dynamic loader and the vDSO. */
#define LDR_FIRST_SLOTS 4

/* The state's mapping, made by the first pass; and the pass's lock: the
 * process ID of its holder, or 0, and how many threads wait for it. */
static struct state *state;
static int pass_owner;
static int pass_waiters;

/*
 * Take the lock.  A holder of another process ID was the parent's thread
 * in the middle of a pass when this process was forked from it: nobody
 * will release it here.
 */
static void lock(void)
{
	int me = (int)raw_getpid(), old;

	for (;;) {
		old = 0;
		if (__atomic_compare_exchange_n(&pass_owner, &old, me, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return;
		if (old != me &&
		    __atomic_compare_exchange_n(&pass_owner, &old, me, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return;
		if (old != me)
			continue;
		__atomic_add_fetch(&pass_waiters, 1, __ATOMIC_SEQ_CST);
		raw_syscall6(SYS_futex, (long)&pass_owner,
			     FUTEX_WAIT | FUTEX_PRIVATE_FLAG, me, 0, 0, 0);
		__atomic_sub_fetch(&pass_waiters, 1, __ATOMIC_SEQ_CST);
	}
}

/*
 * Release the lock, and wake a waiter if there is one: a waiter counts
 * itself before FUTEX_WAIT looks at the lock, so either it is seen here
 * or its FUTEX_WAIT finds the lock free and returns at once.
 */
static void unlock(void)
{
	__atomic_store_n(&pass_owner, 0, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&pass_waiters, __ATOMIC_SEQ_CST))
		raw_syscall6(SYS_futex, (long)&pass_owner,
			     FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, 0, 0, 0);
}

/*
 * The state, its first pages provided at once (MADV_POPULATE_WRITE,
 * Linux 5.14; where that fails, each page comes at its first touch):
 * one call costs less than a fault per page, and less than providing
 * pages a pass does not touch.  Mapped with the raw system calls, as
 * are the other calls a start served from the page cache makes where it
 * can: the dynamic loader binds each libc function at its first call.
 */
static struct state *state_get(void)
{
	size_t first = offsetof(struct state, slot[LDR_FIRST_SLOTS]);
	size_t page;
	long m;

	if (state)
		return state;
	page = getauxval(AT_PAGESZ);
	m = raw_mmap(NULL, sizeof(*state), PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw_failed(m))
		return NULL;
	if (page)
		raw_madvise((void *)m, (first + page - 1) & ~(page - 1),
			    MADV_POPULATE_WRITE);
	state = (struct state *)m;
	return state;
}

/* Whether /proc is mounted (statfs): unlike the first look into
 * /proc/self, this makes the kernel build nothing for the process. */
static bool proc_mounted(void)
{
	struct statfs fs;

	return raw_syscall6(SYS_statfs, (long)"/proc", (long)&fs, 0, 0, 0,
			    0) == 0 && fs.f_type == PROC_SUPER_MAGIC;
}

/*
 * Whether the program's own constructors have not run yet: until the end
 * of its copy's constructor (ldr_pass_start_done), only start-up code
 * has run in the program's text and the libraries'.
 */
static bool start_up = true;

/* What a start served without a pass (loader/quick.h) left for the
 * first pass; and whether that start probed ranges it did not serve. */
static struct ldr_quick quick;
static bool probed;

void ldr_pass_start_done(void)
{
	if (ldr_copy_in_program())
		start_up = false;
}

/*
 * The copy of a library that acted leaves nothing behind when dlclose()
 * unloads it but the record of what it said (loader/said.h); the next
 * pass, by whichever copy acts then, starts afresh, and does not say it
 * again.  The program's copy leaves its state to the exit, which unmaps
 * it with everything else.
 */
__attribute__((destructor)) static void state_drop(void)
{
	if (ldr_copy_in_program())
		return;
	if (state)
		munmap(state, sizeof(*state));
	state = NULL;
	ldr_said_drop();
}

static const char no_proc[] = "/proc is not mounted (or not readable): the "
	"runtime needs /proc/self/status and /proc/self/maps to remap safely";

/*
 * The verbosity of this pass: none while fd 2 is not the noted stderr.
 * NOTED_NOW when this pass noted it, which needs no second look.
 */
static int verbosity(const struct state *st, bool noted_now)
{
	if (noted_now)
		return st->err.fd >= 0 ? st->cfg.verbose : 0;
	return remap_stderr_same(&st->err) ? st->cfg.verbose : 0;
}

/* The configuration's note, and the sizes the machine has when it is
 * about a page size. */
static void say_note(struct state *st)
{
	char text[sizeof(st->cfg.note) + 128], have[96];

	if (!st->cfg.note_size) {
		ldr_report_setting(&st->rep, st->cfg.note);
		return;
	}
	snprintf(text, sizeof(text), "%s; this machine has %s", st->cfg.note,
		 ldr_sizes_read(&st->sizes, st->cfg.default_page, NULL) ?
		 hl_sizes_text(&st->sizes.s, have, sizeof(have))
				 : "none");
	ldr_report_setting(&st->rep, text);
}

/*
 * The first pass after a start served without one takes what that
 * start read and noted, and the program as looked at.
 */
static void configure_after_quick(struct state *st)
{
	st->cfg = hl_config_r_alone;
	st->err = quick.err;
	st->slot[0].seen = (struct seen){ quick.bias, quick.phdr, true };
	st->nseen = 1;
	st->configured = true;
}

/*
 * hugectl names the process it runs (HUGELINK_CTL_PID): the runtime in
 * another, a child of a launcher it ran, which inherits the variables,
 * says nothing at the default verbosity.  The warnings are the
 * program's the user named; a child's would go into output that a test
 * suite or a script reads.
 */
static void quiet_descendant(struct hl_config *cfg)
{
	if (cfg->ctl_pid && cfg->ctl_pid != (int)raw_getpid() &&
	    cfg->verbose == HL_V_WARN)
		cfg->verbose = HL_V_ERROR;
}

/*
 * The first pass reads the configuration, notes the standard error,
 * and says when the configuration is wrong, and which names in the
 * environment are mistakes for ours (loader/names.h).
 */
static void configure(struct state *st, const char *prog)
{
	bool secure = getauxval(AT_SECURE) != 0;
	struct mach_env_ours env;

	mach_env_ours_read(&env);
	hl_config_read(&st->cfg, mach_env_ours_get, &env, secure, prog);
	quiet_descendant(&st->cfg);
	ldr_stderr_note(&st->err);
	st->configured = true;
	if (st->cfg.restricted || secure)
		return;
	ldr_report_init(&st->rep, &st->rep_texts, verbosity(st, true), prog);
	if (st->cfg.error[0] && st->cfg.elfmap != HL_ELFMAP_NO) {
		ldr_report_why(&st->rep, "%s", st->cfg.error);
		ldr_report_flush(&st->rep);
	} else if (st->cfg.note[0]) {
		say_note(st);
	}
	ldr_names_report(&env, &st->rep);
}

static bool seen(const struct state *st, const struct ldr_image *img)
{
	for (size_t i = 0; i < st->nseen; i++) {
		const struct seen *s = &st->slot[i].seen;

		if (s->bias == img->bias && s->phdr == img->phdr)
			return true;
	}
	return false;
}

/*
 * Take GIVEN as this pass's maps, read when the loaded objects had
 * changed CHANGES times, if none has changed since; else they are read
 * when an object needs them (pass_maps).  /proc/self/maps is opened
 * only then, or when a move needs it (loader/move.h).  0, or -1 when
 * /proc is not mounted.
 */
static int maps_open(struct state *st, struct hl_maps *given,
		     unsigned long long changes)
{
	st->maps.text = NULL;
	st->maps_read = false;
	st->maps_fd = -1;
	if (given && given->text && changes &&
	    changes == ldr_image_changes()) {
		st->maps = *given;
		st->maps_read = true;
		given->text = NULL;
	}
	return proc_mounted() ? 0 : -1;
}

/* The maps of this pass, read the first time they are asked for. */
static const struct hl_maps *pass_maps(struct state *st)
{
	if (!st->maps_read && mach_vmaquery_fd(&st->maps_fd) >= 0 &&
	    !ldr_maps_read_from(st->maps_fd, &st->maps))
		st->maps_read = true;
	return st->maps_read ? &st->maps : NULL;
}

/*
 * Note every object to look at in this pass, once, in load order.  The
 * maps are read for the first object that needs them: any but the
 * program the kernel loaded and those plainly left alone.  Without them
 * the pass stops there, as /proc is not there to judge by.
 */
static int collect(struct ldr_image *img, size_t index, void *data)
{
	struct state *st = data;
	enum hl_lib_kind lib = HL_LIB_NONE;
	const struct hl_maps *m = NULL;

	if (seen(st, img) || st->ntodo == LDR_SEEN_MAX ||
	    st->nseen + st->ntodo == LDR_SEEN_MAX ||
	    ldr_object_plainly_left(img, &st->cfg, &st->sizes))
		return 0;
	if (!ldr_trust_kernel_loaded(img) && !(m = pass_maps(st)))
		return 1;
	if (ldr_object_kind(img, &st->cfg, m, &lib) == LDR_OBJ_NONE)
		return 0;
	st->slot[st->ntodo++].todo = (struct todo){ index, lib, img->bias,
						    img->phdr, img->trust };
	return 0;
}

/*
 * What IMG needs: the page sizes to plan it with (loader/sizes.h), and,
 * once a pass, HUGELINK_FAULT read and the process's status marked
 * unread (it is asked when a move needs it: loader/move.h).  False,
 * with the reason given once a pass, without huge pages.  *STARTED is
 * false before the first object of the pass.
 */
static bool ready(struct state *st, const struct ldr_image *img,
		  struct ldr_move_ctx *ctx, bool *started)
{
	const char *bad;
	char text[160];

	if (!*started) {
		mach_status_unread(ctx->status);
		bad = ldr_fault_read(&st->fault, st->cfg.secure);
		if (bad) {
			snprintf(text, sizeof(text), "HUGELINK_FAULT=\"%.80s\": "
				 "no such fault: ignored", bad);
			ldr_report_setting(&st->rep, text);
		}
		*started = true;
	}
	return ldr_sizes_for(&st->sizes, &st->cfg, img, &st->rep);
}

/* Look at the object T: move it if it asks. */
static void look_at(struct state *st, const struct todo *t,
		    struct ldr_move_ctx *ctx, bool *started)
{
	struct ldr_image *img = &st->img;

	if (ldr_image_read(img, t->index) || seen(st, img) ||
	    img->bias != t->bias || img->phdr != t->phdr)
		return;
	img->trust = t->trust;
	st->slot[st->nseen++].seen = (struct seen){ img->bias, img->phdr,
						    img->main };
	/* The common case, an object nobody asked about: leave quietly. */
	if (st->cfg.elfmap == HL_ELFMAP_UNSET && !ldr_image_flagged(img))
		return;
	if (!ready(st, img, ctx, started))
		return;
	if (t->lib == HL_LIB_CARRIER &&
	    !hl_phdrs_relinked(&st->sizes.s, img->ph, img->phnum, 0))
		return;
	ctx->quiet_small = t->lib == HL_LIB_ALL;
	ctx->quiet_host = img->main && !st->cfg.force &&
			  !ldr_image_flagged(img) && !ldr_copy_in_program() &&
			  !ldr_shared_runtime_loaded();
	ldr_report_object(&st->rep, ldr_object_label(img));
	if (ldr_image_trusted(img))
		ldr_move(&st->work, img, ctx, &st->rep);
	else
		ldr_report_why(&st->rep, "%s", ldr_trust_why(img));
	ldr_report_object(&st->rep, NULL);
}

/*
 * After a dlclose(), an address looked at may hold another object: look
 * at every library again.  The program is never unloaded.
 */
static void forget_unloaded(struct state *st)
{
	unsigned long long n = ldr_image_unloads();
	size_t kept = 0;

	for (size_t i = 0; n != st->unloads && i < st->nseen; i++)
		if (st->slot[i].seen.main)
			st->slot[kept++].seen = st->slot[i].seen;
	if (n != st->unloads)
		st->nseen = kept;
	st->unloads = n;
}

static void pass(struct hl_maps *given, unsigned long long changes)
{
	const char *prog = program_invocation_short_name;
	struct ldr_move_ctx ctx = { 0 };
	struct mach_status status;
	struct state *st;
	bool started = false;
	bool noted_now = false;	/* fd 2 noted by this pass */

	lock();
	st = state_get();
	if (!st)
		goto out;
	if (!st->configured && quick.served) {
		configure_after_quick(st);
	} else if (!st->configured) {
		configure(st, prog);
		noted_now = true;
	}
	if (st->cfg.restricted || st->cfg.elfmap == HL_ELFMAP_NO ||
	    st->cfg.error[0])
		goto out;
	ctx.cfg = &st->cfg;
	ctx.sizes = &st->sizes;
	ctx.fault = &st->fault;
	ctx.status = &status;
	ctx.at_start = start_up && !probed && ldr_copy_in_program();
	ctx.err = &st->err;
	ldr_report_init(&st->rep, &st->rep_texts, verbosity(st, noted_now),
			prog);
	forget_unloaded(st);
	ldr_sizes_pass(&st->sizes);
	st->ntodo = 0;
	if (maps_open(st, given, changes) ||
	    (ldr_image_each(&st->img, collect, st) && !st->maps_read)) {
		ldr_report_why(&st->rep, "%s", no_proc);
		st->ntodo = 0;
	}
	ldr_maps_free(&st->maps);
	ctx.maps_fd = &st->maps_fd;
	for (size_t i = 0; i < st->ntodo; i++)
		look_at(st, &st->slot[i].todo, &ctx, &started);
	if (st->maps_fd >= 0)
		close(st->maps_fd);
	ldr_report_flush(&st->rep);
out:
	unlock();
	if (given)
		ldr_maps_free(given);
}

bool ldr_pass_start_quick(void)
{
	enum ldr_quick_result r = LDR_QUICK_NOT;

	if (!start_up || !ldr_copy_in_program())
		return false;
	lock();
	if (!state)
		r = ldr_quick_start(&quick);
	probed = r == LDR_QUICK_PROBED;
	unlock();
	return r == LDR_QUICK_SERVED;
}

void ldr_pass_configure(void)
{
	struct state *st;

	lock();
	st = state_get();
	if (st && !st->configured && !quick.served)
		configure(st, program_invocation_short_name);
	unlock();
}

void ldr_pass(void)
{
	pass(NULL, 0);
}

void ldr_pass_with_maps(struct hl_maps *maps, unsigned long long changes)
{
	pass(maps, changes);
}

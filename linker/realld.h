/* SPDX-License-Identifier: MIT */
#ifndef LINKER_REALLD_H
#define LINKER_REALLD_H
/*
 * The real linker.  Which one runs follows the name the wrapper was
 * invoked as ("ld", "ld.lld", ...), and is found when linking, where the
 * compiler that ran the wrapper would find it (linker/findld.h);
 * HUGELINK_LD overrides it.
 */
#include <stddef.h>

enum lw_flavour {
	LW_FLAVOUR_UNKNOWN,
	LW_FLAVOUR_BFD,		/* GNU ld */
	LW_FLAVOUR_GOLD,
	LW_FLAVOUR_LLD,
	LW_FLAVOUR_MOLD,
};

/* The variable through which a wrapper tells the linker it runs its
 * process id (see lw_realld_choose). */
#define LW_REALLD_GUARD "HUGELINK_WRAPPER_PID"

struct lw_realld {
	char *path;		/* the linker's file */
	const char *argv0;	/* the name the linker sees: lld needs it */
	enum lw_flavour flavour;
	char emulation[64];	/* its default emulation, "" when unknown */
};

/*
 * Pick the real linker for a wrapper run as ARGV0.  Returns 0, or -1
 * after a message when there is none or it cannot be used (missing, not
 * executable, this wrapper itself, or another copy of the wrapper that
 * ran this one).  Exports LW_REALLD_GUARD for the linker to be run.
 */
int lw_realld_choose(const char *argv0, struct lw_realld *r);

void lw_realld_free(struct lw_realld *r);

/*
 * Ask the linker for its version ("-V") to learn which linker it is and
 * its default emulation.  Returns 0, or -1 after a message.
 */
int lw_realld_probe(struct lw_realld *r);

const char *lw_flavour_name(enum lw_flavour f);

/* Which flavour the first line of "-V" output names. */
enum lw_flavour lw_flavour_of(const char *version);

#endif

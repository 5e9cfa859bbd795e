#ifndef HL_REALLD_H
#define HL_REALLD_H
/*
 * The real linker.  Its path is fixed when hugetlbfs-ld is built; which
 * one runs follows the name the wrapper was invoked as, and HUGELINK_LD
 * overrides it.  The wrapper never searches PATH.
 */
#include <stddef.h>

enum hl_flavour {
	HL_FLAVOUR_UNKNOWN,
	HL_FLAVOUR_BFD,		/* GNU ld */
	HL_FLAVOUR_GOLD,
	HL_FLAVOUR_LLD,
	HL_FLAVOUR_MOLD,
};

struct hl_realld {
	const char *path;	/* absolute */
	const char *argv0;	/* the name the linker sees: lld needs it */
	enum hl_flavour flavour;
	char emulation[64];	/* its default emulation, "" when unknown */
};

/*
 * Pick the real linker for a wrapper run as ARGV0.  Returns 0, or -1
 * after a message when there is none or it cannot be used (missing, not
 * built in, not executable, or this wrapper itself).
 */
int hl_realld_choose(const char *argv0, struct hl_realld *r);

/*
 * Ask the linker for its version ("-V") to learn which linker it is and
 * its default emulation.  Returns 0, or -1 after a message.
 */
int hl_realld_probe(struct hl_realld *r);

const char *hl_flavour_name(enum hl_flavour f);

/* Which flavour the first line of "-V" output names. */
enum hl_flavour hl_flavour_of(const char *version);

#endif

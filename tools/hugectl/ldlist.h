/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_LDLIST_H
#define TOOLS_HUGECTL_LDLIST_H
/*
 * The shared libraries a program loads at start, as glibc's dynamic
 * loader itself lists them ("ld.so --list PROGRAM", what ldd runs), under
 * the environment hugectl gives the program: the loader's own search
 * (LD_PRELOAD, DT_RPATH, LD_LIBRARY_PATH, DT_RUNPATH, glibc-hwcaps, the
 * cache, the default directories) is the answer, not a copy of it.  In
 * that mode the loader maps the objects and prints them, and runs none
 * of their code but the audit modules the program names, which is why
 * only a program tools/hugectl/listable.h allows is listed.  hugectl
 * runs its own loader, never the one the program names, so that
 * looking at a program runs nothing of its choosing.  The lines are read
 * as the loader printed them; whether they can be believed is
 * tools/hugectl/ldtrust.h's question.
 */
#include <stddef.h>

/* One line of the list: a library, found or not. */
struct ctl_loaded {
	char *name;		/* as needed or preloaded: a soname or a path */
	char *path;		/* where the loader found it; NULL: not found */
};

struct ctl_ldlist {
	struct ctl_loaded *lib;
	size_t n;
};

/*
 * Read TEXT, what "ld.so --list" printed, into L, which must be zeroed:
 * "NAME => PATH (ADDRESS)", "NAME => not found", and "PATH (ADDRESS)"
 * for an object named by its path; an object with no path (the vDSO)
 * and any other line are passed over.  Returns 0, or -1 when memory
 * runs out.
 */
int ctl_ldlist_parse(struct ctl_ldlist *l, const char *text);

/*
 * Run the dynamic loader LDSO (an absolute path) as "LDSO --list PROG"
 * with only LD_LIBRARY_PATH, LD_PRELOAD and GLIBC_TUNABLES in its
 * environment, as LDPATH, PRELOAD and TUNABLES give them (NULL: unset),
 * for at most ten seconds, and read its list into L, which must be
 * zeroed.  Returns 0, or -1 with the reason in WHY.
 */
int ctl_ldlist_run(struct ctl_ldlist *l, const char *ldso, const char *prog,
		   const char *ldpath, const char *preload,
		   const char *tunables, char *why, size_t len);

void ctl_ldlist_free(struct ctl_ldlist *l);

#endif

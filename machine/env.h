/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_ENV_H
#define MACHINE_ENV_H
/*
 * The process's own environment, as the getter core/config.h reads
 * variables through.
 */
#include "core/config.h"
#include "core/varname.h"

/*
 * What getenv(NAME) returns, found by a walk of the environment of its
 * own, which in the runtime spares the dynamic loader binding getenv;
 * CTX is not used.
 */
const char *mach_env_get(const char *name, void *ctx);

/*
 * The environment's HUGETLB_ and HUGELINK_ variables, in its order,
 * gathered in one pass over it: the configuration asks for some twenty
 * names, and getenv would pass over the whole environment for each.
 * The same pass keeps the first variables whose names are not ours but
 * a mistake for one of ours (hl_varname_odd), such as HUGTLB_ELFMAP;
 * names that merely begin alike (HUGGINGFACE_HUB_TOKEN) are not kept.
 */
#define MACH_ENV_OURS_MAX 32
#define MACH_ENV_ALIKE_MAX 4
struct mach_env_ours {
	const char *entry[MACH_ENV_OURS_MAX];
	int n;
	bool more;		/* more than fit: each name
				   is asked of getenv */
	const char *alike[MACH_ENV_ALIKE_MAX];	/* the first mistakes */
	int nalike;
};

void mach_env_ours_read(struct mach_env_ours *ours);

/* The value of NAME in CTX, a struct mach_env_ours, as getenv would
 * find it in the environment then. */
const char *mach_env_ours_get(const char *name, void *ctx);

/*
 * What a start first needs to know of the environment as it is now
 * (which an earlier constructor may have changed, and not as glibc
 * passes it to initialisers), found in one pass over it.
 */
struct mach_env_glance {
	bool hugetlb;		/* some HUGETLB_ variable is set */
	bool odd;		/* some name is a mistake for one of ours
				   (hl_varname_odd) */
};

void mach_env_glance(struct mach_env_glance *g);

#endif

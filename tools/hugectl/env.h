/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_ENV_H
#define TOOLS_HUGECTL_ENV_H
/*
 * From hugectl's options and what it learnt about the program to the
 * variables it sets.  Pure: the base environment comes through a getter,
 * the machine's page sizes and the program's headers through the target.
 */
#include <stdbool.h>

#include "core/config.h"
#include "core/plan.h"
#include "elf/file.h"
#include "elf/link.h"
#include "tools/hugectl/opts.h"
#include "tools/hugectl/vars.h"

/* What hugectl knows about the program before running it. */
struct ctl_target {
	const char *path;		/* as found on PATH; NULL: none named */
	const char *missing;		/* --dry-run: why PATH, as named,
					   cannot be run ("command not
					   found"); NULL: it was found */
	const struct el_file *elf;	/* NULL: not ELF, unreadable or
					   missing */
	bool unreadable;		/* executable but not readable */
	const struct el_linkage *link;	/* set with elf */
	bool foreign;			/* not the runtime's class or machine */
	const struct hl_sizes *sizes;	/* this machine's page sizes */
};

/*
 * Fill V with the variables for O and T, over the environment GET reads
 * (for LD_LIBRARY_PATH, LD_PRELOAD, GLIBC_TUNABLES and the HUGETLB_*
 * variables the user set), with the runtime in LIBDIR for CTL_LIB_OWN.
 * Returns 0, or -1 when memory runs out.
 */
int ctl_env_build(struct ctl_vars *v, const struct ctl_opts *o,
		  const struct ctl_target *t, const char *libdir,
		  hl_getenv_fn *get, void *ctx);

/*
 * True when the runtime will be in T's process only where a library T
 * loads carries it: T is a dynamically linked program of this machine
 * that neither carries nor links it, --no-preload keeps hugectl from
 * preloading it, and the LD_PRELOAD GET reads does not name it.
 */
bool ctl_runtime_absent(const struct ctl_opts *o, const struct ctl_target *t,
			hl_getenv_fn *get, void *ctx);

/* The runtime hugectl preloads with O and LIBDIR, into BUF. */
const char *ctl_runtime(const struct ctl_opts *o, const char *libdir,
			char *buf, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_NAMES_H
#define LOADER_NAMES_H
/*
 * The names in the environment that are mistakes for ours: a misspelled
 * name is otherwise ignored in silence (core/varname.h).  Said once per
 * process, with the configuration's note, by the pass that reads the
 * configuration (loader/pass.h); never under AT_SECURE, nor in a
 * program HUGETLB_RESTRICT_EXE leaves alone.  libhugetlbfs's names,
 * which hugelink does not read, are no mistake, and are not named.
 */
#include "machine/env.h"
#include "loader/report.h"

/*
 * At verbosity 2 and above, one message naming every variable of ENV
 * (ours, and those alike) that is a mistake, with the name each is
 * likely meant for; nothing when there is none.
 */
void ldr_names_report(const struct mach_env_ours *env,
		      const struct ldr_report *rep);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_LIBS_H
#define TOOLS_HUGECTL_LIBS_H
/*
 * hugectl's look ahead at the libraries HUGELINK_LIBS names (--libs):
 * found as the dynamic loader finds them for the program, under the
 * variables hugectl sets (tools/hugectl/ldlist.h), each planned as the
 * runtime plans a library (tools/hugectl/libplan.h), and noted: which
 * move, which do not and why, and, for what cannot be known before the
 * program runs (where a library loads, a library it may load later with
 * dlopen), what it depends on.
 */
#include "tools/hugectl/env.h"

/*
 * Note in V what becomes of the libraries HUGELINK_LIBS names, as V
 * over the environment GET reads sets it, for T (an ELF program of the
 * runtime's machine).  Returns 0, or -1 when memory runs out.
 */
int ctl_libs_check(struct ctl_vars *v, const struct ctl_target *t,
		   hl_getenv_fn *get, void *ctx);

#endif

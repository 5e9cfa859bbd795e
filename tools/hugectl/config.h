/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_CONFIG_H
#define TOOLS_HUGECTL_CONFIG_H
/*
 * The runtime's configuration as the program will read it: the variables
 * hugectl sets, over the environment it inherits, read by the runtime's
 * own reader (core/config.h).
 */
#include "core/config.h"
#include "tools/hugectl/vars.h"

/* Read CFG for the program at PATH from V over the environment GET
 * reads (with CTX). */
void ctl_config_read(struct hl_config *cfg, const struct ctl_vars *v,
		     const char *path, hl_getenv_fn *get, void *ctx);

/* NAME's value as the program will see it: V's, else GET's. */
const char *ctl_config_get(const struct ctl_vars *v, const char *name,
			   hl_getenv_fn *get, void *ctx);

#endif

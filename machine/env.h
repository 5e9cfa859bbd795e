/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_ENV_H
#define MACHINE_ENV_H
/*
 * The process's own environment, as the getter core/config.h reads
 * variables through.
 */
#include "core/config.h"

/* getenv(NAME); CTX is not used. */
const char *mach_env_get(const char *name, void *ctx);

/*
 * Whether the environment holds any HUGETLB_ variable: the environment
 * as it is now, which an earlier constructor may have changed, and not
 * as glibc passes it to initialisers.
 */
bool mach_env_any_hugetlb(void);

#endif

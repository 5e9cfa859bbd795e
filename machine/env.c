/* SPDX-License-Identifier: MIT */
/*
 * The environment getter: see env.h.
 */
#include <stdlib.h>
#include <unistd.h>

#include "machine/env.h"

const char *mach_env_get(const char *name, void *ctx)
{
	(void)ctx;
	return getenv(name);
}

bool mach_env_any_hugetlb(void)
{
	for (char **env = environ; env && *env; env++)
		if (hl_config_is_hugetlb_var(*env))
			return true;
	return false;
}

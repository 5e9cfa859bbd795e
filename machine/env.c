/* SPDX-License-Identifier: MIT */
/*
 * The environment getter: see env.h.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/env.h"

const char *mach_env_get(const char *name, void *ctx)
{
	size_t len = strlen(name);

	(void)ctx;
	for (char **env = environ; env && *env; env++)
		if (!strncmp(*env, name, len) && (*env)[len] == '=')
			return *env + len + 1;
	return NULL;
}

/* True when ENTRY names a variable of ours: HUGETLB_ or HUGELINK_. */
static bool ours(const char *entry)
{
	return hl_config_is_hugetlb_var(entry) ||
	       !strncmp(entry, "HUGELINK_", 9);
}

void mach_env_ours_read(struct mach_env_ours *o)
{
	o->n = 0;
	o->more = false;
	for (char **env = environ; env && *env; env++) {
		if (!ours(*env))
			continue;
		if (o->n == MACH_ENV_OURS_MAX) {
			o->more = true;
			return;
		}
		o->entry[o->n++] = *env;
	}
}

const char *mach_env_ours_get(const char *name, void *ctx)
{
	const struct mach_env_ours *o = ctx;
	size_t len = strlen(name);

	if (o->more)
		return getenv(name);
	for (int i = 0; i < o->n; i++)
		if (!strncmp(o->entry[i], name, len) && o->entry[i][len] == '=')
			return o->entry[i] + len + 1;
	return NULL;
}

bool mach_env_any_hugetlb(void)
{
	for (char **env = environ; env && *env; env++)
		if (hl_config_is_hugetlb_var(*env))
			return true;
	return false;
}

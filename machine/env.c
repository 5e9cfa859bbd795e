/* SPDX-License-Identifier: MIT */
/*
 * The environment getter: see env.h.
 */
#include <stdlib.h>
#include <unistd.h>

#include "machine/env.h"

/*
 * The value in ENTRY, "NAME=value", when it is NAME's, else NULL.  A
 * loop of its own rather than strlen and strncmp: in the runtime, each
 * libc function costs the dynamic loader a binding at its first call.
 */
static const char *value_of(const char *entry, const char *name)
{
	while (*name && *entry == *name) {
		entry++;
		name++;
	}
	return !*name && *entry == '=' ? entry + 1 : NULL;
}

const char *mach_env_get(const char *name, void *ctx)
{
	const char *v;

	(void)ctx;
	for (char **env = environ; env && *env; env++)
		if ((v = value_of(*env, name)))
			return v;
	return NULL;
}

/* True when ENTRY names a variable of ours: HUGETLB_ or HUGELINK_. */
static bool ours(const char *entry)
{
	static const char hugelink[] = "HUGELINK_";
	int i = 0;

	if (hl_config_is_hugetlb_var(entry))
		return true;
	while (hugelink[i] && entry[i] == hugelink[i])
		i++;
	return !hugelink[i];
}

void mach_env_ours_read(struct mach_env_ours *o)
{
	o->n = o->nalike = 0;
	o->more = false;
	for (char **env = environ; env && *env; env++) {
		if (!hl_varname_alike(*env))
			continue;
		if (!ours(*env)) {
			if (o->nalike < MACH_ENV_ALIKE_MAX &&
			    hl_varname_odd(*env))
				o->alike[o->nalike++] = *env;
			continue;
		}
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
	const char *v;

	if (o->more)
		return getenv(name);
	for (int i = 0; i < o->n; i++)
		if ((v = value_of(o->entry[i], name)))
			return v;
	return NULL;
}

void mach_env_glance(struct mach_env_glance *g)
{
	g->hugetlb = g->odd = false;
	for (char **env = environ; env && *env; env++) {
		if (!hl_varname_alike(*env))
			continue;
		g->hugetlb |= hl_config_is_hugetlb_var(*env);
		g->odd = g->odd || hl_varname_odd(*env);
	}
}

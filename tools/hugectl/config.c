/* SPDX-License-Identifier: MIT */
/*
 * The program's configuration: see config.h.
 */
#include <stdbool.h>

#include "tools/hugectl/config.h"

/* The variables hugectl sets, over the environment it inherits. */
struct overlay {
	const struct ctl_vars *v;
	hl_getenv_fn *get;
	void *ctx;
};

static const char *overlay_get(const char *name, void *ctx)
{
	const struct overlay *o = ctx;

	return ctl_config_get(o->v, name, o->get, o->ctx);
}

const char *ctl_config_get(const struct ctl_vars *v, const char *name,
			   hl_getenv_fn *get, void *ctx)
{
	const char *value = ctl_get(v, name);

	return value ? value : get(name, ctx);
}

void ctl_config_read(struct hl_config *cfg, const struct ctl_vars *v,
		     const char *path, hl_getenv_fn *get, void *ctx)
{
	struct overlay o = { v, get, ctx };

	hl_config_read(cfg, overlay_get, &o, false, path);
}

/*
 * The environment getter: see env.h.
 */
#include <stdlib.h>

#include "host/env.h"

const char *host_env_get(const char *name, void *ctx)
{
	(void)ctx;
	return getenv(name);
}

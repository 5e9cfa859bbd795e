/* SPDX-License-Identifier: MIT */
/*
 * fake-env.h: an environment for the tools' unit tests, as the
 * hl_getenv_fn the tools read variables through.  CTX is a
 * NULL-terminated array of "NAME=value" strings.  Header-only.
 */
#ifndef TESTS_UNIT_SUPPORT_FAKE_ENV_H
#define TESTS_UNIT_SUPPORT_FAKE_ENV_H

#include <string.h>

static inline const char *fake_get(const char *name, void *ctx)
{
	size_t n = strlen(name);

	for (const char **e = ctx; *e; e++)
		if (!strncmp(*e, name, n) && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

#endif

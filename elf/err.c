/* SPDX-License-Identifier: MIT */
/*
 * How a failure to read a file is told: see err.h.
 */
#include <err.h>
#include <stdarg.h>
#include <stdio.h>

#include "elf/err.h"

int el_fail(bool quiet, const char *name, char *why, size_t len,
	    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	if (!quiet)
		warnx("%s: %s", name, why);
	return -1;
}

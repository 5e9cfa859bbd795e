/* SPDX-License-Identifier: MIT */
#ifndef LINKER_LIBSEARCH_H
#define LINKER_LIBSEARCH_H
/*
 * The archives that -lNAME options name, found as the linker finds
 * them in the -L directories: the first directory that holds
 * libNAME.so (unless the link is static) or libNAME.a decides, and only
 * an archive has sections to order.  "-l:FILE" names FILE itself.  The
 * linker's built-in directories are not searched: the system's
 * libraries are not what a program's order names.
 */
#include <stdbool.h>

#include "linker/argv.h"

/* Append to OUT the archive each of LIBS resolves to in DIRS.  Returns
 * 0, or -1 when memory runs out. */
int lw_libsearch(const struct lw_argv *libs, const struct lw_argv *dirs,
		 bool is_static, struct lw_argv *out);

#endif

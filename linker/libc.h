/* SPDX-License-Identifier: MIT */
#ifndef LINKER_LIBC_H
#define LINKER_LIBC_H
/*
 * Whether the runtime's archive can go into a link.  The runtime calls
 * the C library, which a compiler puts on the link as -lc unless
 * -nostdlib, -nodefaultlibs or -nolibc take it off.  Without it, the
 * runtime's references to libc are met only where the output may keep
 * undefined references for the process's libc to meet when it is
 * loaded: a shared object without -z defs.  Pure: no I/O.
 */
#include <stdbool.h>

#include "linker/options.h"

/* True when O links the C library: -lc (or -l c, --library=c),
 * -l:libc.a or -l:libc.so.N, or a file libc.a, libc.so or libc.so.N. */
bool lw_libc_linked(const struct lw_opts *o);

/*
 * True when the argument A of the linker's command line names the C
 * library, NEXT being the argument after it (NULL: none): -lc, "-l c",
 * --library=c, "--library c", -l:libc.a or -l:libc.so.N, or a file
 * libc.a, libc.so or libc.so.N that is not PREV's value (PREV: the
 * argument before A, NULL: none; a file after an option, as -o's, is
 * taken for its value).
 */
bool lw_libc_arg(const char *prev, const char *a, const char *next);

/* True when the runtime's references to libc can be met in O's
 * output: libc is linked, or the output is a shared object that may
 * leave them undefined. */
bool lw_libc_meets_runtime(const struct lw_opts *o);

#endif

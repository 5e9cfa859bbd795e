/* SPDX-License-Identifier: MIT */
#ifndef LINKER_RSP_H
#define LINKER_RSP_H
/*
 * Response files ("@file" arguments), read exactly as GNU ld reads them
 * (libiberty's expandargv and buildargv), and written so that GNU ld,
 * gold, lld and mold all read them back unchanged.
 */
#include <stdio.h>

#include "linker/argv.h"

/*
 * Split TEXT into arguments and append them to OUT.  Whitespace separates
 * arguments; single and double quotes group; a backslash takes the next
 * character literally, inside quotes too.  Text that is empty or only
 * whitespace yields no argument.
 */
int lw_rsp_split(const char *text, struct lw_argv *out);

/* The most bytes all the response files of one command line may hold. */
#define LW_RSP_MAX_BYTES (16u << 20)

/*
 * Replace every "@file" in A, from index FIRST on, by the arguments the
 * file holds, expanding response files named inside them too.  Only
 * regular files are read: an @file that does not exist, cannot be read
 * or is anything else (a FIFO, a device) stays a literal argument.
 * Fails (after a message) on an @file that is a directory, after 2000
 * @files (which is how nesting loops end), when the files hold more
 * than LW_RSP_MAX_BYTES in all, or when memory runs out.
 */
int lw_rsp_expand(struct lw_argv *a, size_t first);

/* lw_rsp_expand_upto's answer when the files hold too much. */
#define LW_RSP_TOO_BIG 2

/*
 * lw_rsp_expand, but when the files hold more than LW_RSP_MAX_BYTES it
 * returns LW_RSP_TOO_BIG without a message: A is then expanded up to
 * *STOP, the index of the @file that was not read, and holds the rest as
 * it was.
 */
int lw_rsp_expand_upto(struct lw_argv *a, size_t first, size_t *stop);

/* Say that the response files up to ARG ("@file") hold too much. */
void lw_rsp_too_big(const char *arg);

/* Write V[0..N) to F, one double-quoted argument a line. */
int lw_rsp_write(FILE *f, char *const *v, size_t n);

#endif

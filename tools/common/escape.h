/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_COMMON_ESCAPE_H
#define TOOLS_COMMON_ESCAPE_H
/*
 * Names and paths as the tools print them.  A file name may hold any
 * byte but '/' and NUL: printed as it is, a newline forges a line of
 * output and an escape sequence drives the terminal.  Every name or path
 * that the tools print in text goes through tl_escape first (JSON output
 * has its own escaping, over the same UTF-8 check).
 */
#include <stddef.h>

/* Room for the escaped form of N bytes, the NUL included. */
#define TL_ESCAPED_LEN(n) (4 * (n) + 1)

/*
 * Write S into OUT (LEN bytes) with every control character (C0, DEL,
 * and C1 as UTF-8 encodes it), every backslash and every byte that is
 * not part of valid UTF-8 shown as a C escape: \n, \t, \r, \\ or \xHH.
 * Everything else, blanks and printable UTF-8 included, stays as it is.
 * An escaped form longer than LEN - 1 is cut at a character and ends in
 * "..."; TL_ESCAPED_LEN(strlen(S)) is always enough.  Returns OUT.
 */
const char *tl_escape(const char *s, char *out, size_t len);

/* The length of the valid UTF-8 sequence at S (1 for ASCII, NUL
 * included), or 0 when S does not start one. */
size_t tl_utf8_len(const char *s);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_JSON_H
#define TOOLS_INSPECT_JSON_H
/*
 * The little JSON the inspector writes: strings need escaping, the rest
 * is printf.  A string that is not valid UTF-8 (a file name can be
 * anything) has each bad byte replaced by U+FFFD, so the output is
 * always valid JSON.
 */
#include <stdio.h>

/* Write S as a JSON string, quotes included; NULL is written as null. */
void inspect_json_str(FILE *out, const char *s);

/* Write "KEY": and then the string S. */
void inspect_json_kstr(FILE *out, const char *key, const char *s);

#endif

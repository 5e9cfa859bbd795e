/* SPDX-License-Identifier: MIT */
/*
 * JSON string escaping, with UTF-8 checked byte by byte by the check
 * the text output uses (tools/common/escape.h).
 */
#include <stddef.h>

#include "tools/common/escape.h"
#include "tools/inspect/json.h"

static void put_char(FILE *out, unsigned char c)
{
	switch (c) {
	case '"':  fputs("\\\"", out); break;
	case '\\': fputs("\\\\", out); break;
	case '\n': fputs("\\n", out); break;
	case '\t': fputs("\\t", out); break;
	default:
		if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
}

void inspect_json_str(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	if (!s) {
		fputs("null", out);
		return;
	}
	putc('"', out);
	while (*s) {
		n = tl_utf8_len((const char *)s);
		if (n == 0) {
			fputs("\\ufffd", out);
			s++;
		} else if (n == 1) {
			put_char(out, *s++);
		} else {
			fwrite(s, 1, n, out);
			s += n;
		}
	}
	putc('"', out);
}

void inspect_json_kstr(FILE *out, const char *key, const char *s)
{
	inspect_json_str(out, key);
	fputs(": ", out);
	inspect_json_str(out, s);
}

/*
 * JSON string escaping, with UTF-8 checked byte by byte.
 */
#include <stddef.h>

#include "tools/inspect/json.h"

/* The length of the valid UTF-8 sequence at S, or 0 when it is not one. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n;
	unsigned min;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0)
		n = 2, min = 0x80, cp = s[0] & 0x1f;
	else if ((s[0] & 0xf0) == 0xe0)
		n = 3, min = 0x800, cp = s[0] & 0x0f;
	else if ((s[0] & 0xf8) == 0xf0)
		n = 4, min = 0x10000, cp = s[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

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

void in_json_str(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	if (!s) {
		fputs("null", out);
		return;
	}
	putc('"', out);
	while (*s) {
		n = utf8_len(s);
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

void in_json_kstr(FILE *out, const char *key, const char *s)
{
	in_json_str(out, key);
	fputs(": ", out);
	in_json_str(out, s);
}

/* SPDX-License-Identifier: MIT */
/*
 * Escaping names for text output: see escape.h.
 */
#include <stdio.h>
#include <string.h>

#include "tools/common/escape.h"

size_t tl_utf8_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned min, cp;
	size_t n;

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

/* The escaped form of the byte C, into BUF[5]; its length. */
static size_t escape_byte(unsigned char c, char *buf)
{
	if (c == '\\')
		return (size_t)snprintf(buf, 5, "\\\\");
	if (c == '\n' || c == '\t' || c == '\r')
		return (size_t)snprintf(buf, 5, "\\%c",
					c == '\n' ? 'n' :
					c == '\t' ? 't' : 'r');
	if (c >= 0x20 && c < 0x7f) {
		buf[0] = (char)c;
		return 1;
	}
	/* C0, DEL, and a byte of no valid sequence (or of a C1 control). */
	return (size_t)snprintf(buf, 5, "\\x%02x", c);
}

/* True when the N-byte UTF-8 character at S is printed as it is: any
 * but the C1 controls, U+0080 to U+009F. */
static int plain_multibyte(const unsigned char *s, size_t n)
{
	return n > 1 && !(n == 2 && s[0] == 0xc2 && s[1] < 0xa0);
}

/*
 * Write the escaped form of S into OUT, whole characters only, while it
 * fits in LIMIT bytes; return the bytes written, and in *DONE whether
 * all of S went in.
 */
static size_t put_escaped(const unsigned char *s, char *out, size_t limit,
			  int *done)
{
	size_t o = 0;

	for (; *s; ) {
		size_t n = tl_utf8_len((const char *)s), w;
		char buf[5];
		const char *piece = buf;

		if (plain_multibyte(s, n)) {
			piece = (const char *)s;
			w = n;
		} else {
			w = escape_byte(*s, buf);
			n = 1;
		}
		if (o + w > limit)
			break;
		memcpy(out + o, piece, w);
		o += w;
		s += n;
	}
	*done = !*s;
	return o;
}

const char *tl_escape(const char *str, char *out, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t o;
	int done;

	if (!len)
		return out;
	o = put_escaped(s, out, len - 1, &done);
	if (!done && len > 3) {
		o = put_escaped(s, out, len - 4, &done);
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}

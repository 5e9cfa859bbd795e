/*
 * Escaping names for the text report: see escape.h.
 */
#include "tools/inspect/escape.h"

void in_text_str(FILE *out, const char *s)
{
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '\\')
			fputs("\\\\", out);
		else if (*c < 0x20 || *c == 0x7f)
			fprintf(out, "\\x%02x", *c);
		else
			putc(*c, out);
	}
}

/* SPDX-License-Identifier: MIT */
#include <err.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker/scriptorder.h"

/* True when LINE (LEN bytes) is the ".text :" statement's first line:
 * ".text", blanks, then ':' (not .text.unlikely, .text1, ...). */
static bool is_text_statement(const char *line, size_t len)
{
	size_t i = strspn(line, " \t");

	if (len < i + 5 || strncmp(line + i, ".text", 5) != 0)
		return false;
	i += 5;
	if (i >= len || (line[i] != ' ' && line[i] != '\t' && line[i] != ':'))
		return false;
	i += strspn(line + i, " \t");
	return i < len && line[i] == ':';
}

char *lw_script_order(const char *script, const struct lw_argv *sections)
{
	char *out = NULL;
	size_t outlen;
	FILE *f = open_memstream(&out, &outlen);
	bool in_text = false, done = false;

	if (!f) {
		warn("open_memstream");
		return NULL;
	}
	for (const char *s = script; *s; ) {
		size_t n = strcspn(s, "\n");

		fwrite(s, 1, n, f);
		putc('\n', f);
		if (!done && is_text_statement(s, n))
			in_text = true;
		if (in_text && !done && memchr(s, '{', n)) {
			for (size_t i = 0; i < sections->n; i++)
				fprintf(f, "    *(%s)\n", sections->v[i]);
			done = true;
		}
		s += n + (s[n] == '\n');
	}
	if (fclose(f) != 0) {
		warn("ordering the linker script");
		free(out);
		return NULL;
	}
	if (!done) {
		warnx("GNU ld's default script has no .text statement");
		free(out);
		return NULL;
	}
	return out;
}

/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: hugectl's reading of the dynamic loader's list of a
 * program's libraries ("ld.so --list" output, tools/hugectl/ldlist.h),
 * whose names come from the program's DT_NEEDED strings.  The input is
 * that output (cut at the first NUL).
 *
 * Oracles beyond "no crash": every library read has a name, with no
 * newline in it or in its path, a path that is not empty where there is
 * one, and no more libraries are read than the input has lines.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tools/hugectl/ldlist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct ctl_ldlist l = { 0 };
	size_t lines = 1;

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	for (const char *p = text; (p = strchr(p, '\n')); p++)
		lines++;
	if (!ctl_ldlist_parse(&l, text)) {
		if (l.n > lines)
			abort();
		for (size_t i = 0; i < l.n; i++) {
			const struct ctl_loaded *e = &l.lib[i];

			if (!e->name || strchr(e->name, '\n') ||
			    (e->path && (!e->path[0] ||
					 strchr(e->path, '\n'))))
				abort();
		}
	}
	ctl_ldlist_free(&l);
	free(text);
	return 0;
}

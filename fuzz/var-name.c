/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the runtime's judgement of environment names
 * (core/varname.h), which runs on every name of every relinked
 * program's environment that begins HU, HG or UG, or has UG after its
 * first letter.  The input is one
 * environment entry, NAME=VALUE or a bare NAME (cut at the first NUL).
 *
 * Oracles beyond "no crash": hl_varname_odd agrees with the judgement; a
 * near miss names the variable meant, itself judged known or
 * libhugetlbfs's, and never the entry's own name; and the name as shown in a message, in buffers of every size from 4 to 80
 * bytes, is printable ASCII, ends within its buffer, and holds the whole
 * name or ends in "...".
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/varname.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether TEXT, shown for ENTRY in LEN bytes, is as promised. */
static void check_text(const char *entry, size_t len)
{
	char buf[80];
	const char *t = hl_varname_text(entry, buf, len);
	size_t n = strnlen(t, len), name = strcspn(entry, "=");

	if (n == len)
		abort();
	for (size_t i = 0; i < n; i++)
		if (t[i] < 0x20 || t[i] > 0x7e)
			abort();
	if (n != name && (n < 3 || strcmp(t + n - 3, "...")))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *entry = malloc(size + 1);
	const char *meant = NULL, *again = NULL;
	enum hl_varname v;

	if (!entry)
		abort();
	memcpy(entry, data, size);
	entry[size] = '\0';
	v = hl_varname_judge(entry, &meant);
	if (hl_varname_odd(entry) !=
	    (v == HL_VARNAME_NEAR || v == HL_VARNAME_UNKNOWN))
		abort();
	if (v == HL_VARNAME_NEAR) {
		size_t name = strcspn(entry, "=");
		enum hl_varname m;

		if (!meant || (strlen(meant) == name &&
			       !strncmp(entry, meant, name)) ||
		    ((m = hl_varname_judge(meant, &again)) != HL_VARNAME_KNOWN &&
		     m != HL_VARNAME_LIBHUGETLBFS))
			abort();
	}
	for (size_t len = 4; len <= 80; len++)
		check_text(entry, len);
	free(entry);
	return 0;
}

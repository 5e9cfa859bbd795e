/* SPDX-License-Identifier: MIT */
/*
 * The loader's list of glibc-hwcaps subdirectories, read: see hwcaps.h.
 */
#include <stdbool.h>
#include <string.h>

#include "tools/inspect/hwcaps.h"

#define SECTION "Subdirectories of glibc-hwcaps directories, in priority " \
		"order:\n"
#define INDENT "  "

/* True when the flags of LINE (N bytes), "NAME (a, b)", hold "searched". */
static bool searched(const char *line, size_t n)
{
	const char *open = memchr(line, '(', n);

	if (!n || !open || line[n - 1] != ')')
		return false;
	for (const char *p = open + 1; p < line + n - 1; ) {
		size_t len = strcspn(p, ",)");

		if (len == 8 && !memcmp(p, "searched", 8))
			return true;
		p += len + 1;
		p += *p == ' ';
	}
	return false;
}

/* Add the name of LINE (N bytes, past its indent) when it is searched. */
static void take(struct inspect_hwcaps *hw, const char *line, size_t n)
{
	size_t name = strcspn(line, " \n");

	if (!name || name >= INSPECT_HWCAP_LEN || memchr(line, '/', name) ||
	    !searched(line, n) || hw->n == INSPECT_HWCAPS_MAX)
		return;
	memcpy(hw->name[hw->n], line, name);
	hw->name[hw->n][name] = '\0';
	hw->n++;
}

void inspect_hwcaps_parse(struct inspect_hwcaps *hw, const char *text)
{
	const char *p = strstr(text, SECTION);

	hw->n = 0;
	while (p && p != text && p[-1] != '\n')
		p = strstr(p + 1, SECTION);
	if (!p)
		return;
	p += strlen(SECTION);
	while (!strncmp(p, INDENT, strlen(INDENT))) {
		size_t n = strcspn(p, "\n");

		take(hw, p + strlen(INDENT), n - strlen(INDENT));
		p += n + (p[n] == '\n');
	}
}

size_t inspect_hwcaps_rank(const struct inspect_hwcaps *hw, const char *name)
{
	for (size_t i = 0; i < hw->n; i++)
		if (!strcmp(hw->name[i], name))
			return i + 1;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the shared-file name parser and hugectl's listing of a
 * file.  The input is a file name (cut at the first NUL or '/', which
 * no name holds, and at HL_SHARE_NAME_MAX bytes).
 *
 * Oracles beyond "no crash": a name that parses is rebuilt byte for byte
 * by hl_share_name from what was parsed (a range, when it gives one, of a
 * length not 0), with a page size and segment within bounds; its
 * --share-list row is exactly two lines, with no control character and
 * nothing that is not UTF-8, whatever the name holds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sharename.h"
#include "tools/common/escape.h"
#include "tools/hugectl/share.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* True when TEXT is lines of printable UTF-8, exactly N of them. */
static int printable_lines(const char *text, int n)
{
	for (const char *s = text; *s; ) {
		size_t len = tl_utf8_len(s);
		unsigned char c = (unsigned char)*s;

		if (!len || (len == 1 && c < 0x20 && c != '\n') || c == 0x7f ||
		    (len == 2 && c == 0xc2 && (unsigned char)s[1] < 0xa0))
			return 0;
		n -= c == '\n';
		s += len;
	}
	return n == 0;
}

static void check_row(const char *name, const struct hl_share_parsed *p)
{
	const struct ctl_share_row row = {
		"stale", true, (off_t)p->page * 3, p, "/mnt/huge/elflink-uid-0",
		name, "the program is gone",
	};
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out || ctl_share_print_row(out, &row) || fclose(out) ||
	    strlen(text) != len || !printable_lines(text, 2))
		abort();
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[HL_SHARE_NAME_MAX + 1], again[HL_SHARE_NAME_MAX + 1];
	struct hl_share_parsed *p = malloc(sizeof(*p));
	struct hl_share_id id;
	size_t n = 0;

	while (n < size && n < HL_SHARE_NAME_MAX && data[n] && data[n] != '/') {
		name[n] = (char)data[n];
		n++;
	}
	name[n] = '\0';
	if (!p)
		abort();
	if (hl_share_parse(name, p) == 0) {
		memset(&id, 0, sizeof(id));
		id.phdr = p->phdr;
		id.page = p->page;
		id.lo = p->lo;
		id.len = p->len;
		if (p->ranged != (p->len != 0) || p->phdr < 0 ||
		    p->phdr > HL_SHARE_PHDR_MAX ||
		    !hl_share_page_ok(p->page) || p->path[0] != '/' ||
		    hl_share_name(again, p->path, p->key, &id) ||
		    strcmp(again, name))
			abort();
		check_row(name, p);
	}
	free(p);
	return 0;
}

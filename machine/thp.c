/* SPDX-License-Identifier: MIT */
/*
 * THP for this process: see thp.h.
 */
#include <stdio.h>
#include <string.h>

#include "machine/file.h"
#include "machine/pool.h"
#include "machine/thp.h"

int mach_thp_setting(const char *text, char *out, size_t len)
{
	const char *open = strchr(text, '['), *close;
	size_t n;

	if (!open || !(close = strchr(open, ']')))
		return -1;
	n = (size_t)(close - open - 1);
	if (!n || n >= len)
		return -1;
	memcpy(out, open + 1, n);
	out[n] = '\0';
	return 0;
}

/* The setting in DIR/NAME into OUT; -1 when it cannot be read. */
static int read_setting(const char *dir, const char *name, char *out,
			size_t len)
{
	char path[256], text[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (mach_file_read(path, text, sizeof(text)) <= 0)
		return -1;
	return mach_thp_setting(text, out, len);
}

void mach_thp_read(struct mach_thp *t, const char *dir, bool process_allows)
{
	char all[32], own[32], name[64], path[256];
	long page;

	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/hpage_pmd_size", dir);
	page = mach_pool_counter(path);
	if (page <= 0 || read_setting(dir, "enabled", all, sizeof(all))) {
		snprintf(t->why, sizeof(t->why), "this kernel has no "
			 "transparent huge pages (%s)", dir);
		return;
	}
	/* The PMD size may have a setting of its own (Linux 6.8). */
	snprintf(name, sizeof(name), "hugepages-%ldkB/enabled", page >> 10);
	if (!read_setting(dir, name, own, sizeof(own)) &&
	    strcmp(own, "inherit"))
		memcpy(all, own, sizeof(all));
	if (!strcmp(all, "never"))
		snprintf(t->why, sizeof(t->why), "%s/enabled is [never]", dir);
	else if (!process_allows)
		snprintf(t->why, sizeof(t->why), "this process has turned them "
			 "off (prctl PR_SET_THP_DISABLE)");
	else
		t->page = (size_t)page;
}

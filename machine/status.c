/* SPDX-License-Identifier: MIT */
/*
 * /proc/self/status, read once: see status.h.  Read with open and read
 * into a buffer on the stack and taken apart by hand: stdio and sscanf
 * cost more than the kernel takes to write the file.
 */
#include <string.h>

#include "machine/file.h"
#include "machine/status.h"

/* The number after KEY at the start of LINE, into *OUT; 0 if it is there. */
static int field(const char *line, const char *key, int *out)
{
	size_t n = strlen(key);
	const char *p = line + n;
	int v = 0;

	if (strncmp(line, key, n))
		return -1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9')
		v = v * 10 + (*p++ - '0');
	*out = v;
	return 0;
}

/* The line after LINE, or NULL. */
static const char *next_line(const char *line)
{
	const char *nl = strchr(line, '\n');

	return nl && nl[1] ? nl + 1 : NULL;
}

void mach_status_parse(const char *text, struct mach_status *st)
{
	st->threads = -1;
	st->tracer = 0;
	st->thp_enabled = 1;
	for (const char *line = *text ? text : NULL; line;
	     line = next_line(line)) {
		field(line, "TracerPid:", &st->tracer);
		field(line, "Threads:", &st->threads);
		field(line, "THP_enabled:", &st->thp_enabled);
	}
}

int mach_status_thp_of(long r)
{
	return r == 1 ? 0 : 1;
}

void mach_status_unread(struct mach_status *st)
{
	st->threads = MACH_STATUS_UNREAD;
	st->tracer = 0;
	st->thp_enabled = MACH_STATUS_UNREAD;
}

void mach_status_read(struct mach_status *st)
{
	char text[8192];

	mach_file_read("/proc/self/status", text, sizeof(text));
	mach_status_parse(text, st);
}

/*
 * Taking a maps line apart: see maps.h.
 */
#include <stdio.h>
#include <string.h>

#include "core/maps.h"

int hl_maps_line_parse(char *line, struct hl_maps_line *v)
{
	unsigned long start, end;
	int off = 0;

	if (sscanf(line, "%lx-%lx %4s %lx %x:%x %lu %n", &start, &end,
		   v->perms, &v->offset, &v->major, &v->minor, &v->inode,
		   &off) < 7 || !off || start > end)
		return -1;
	v->start = start;
	v->end = end;
	line[strcspn(line, "\n")] = '\0';
	v->path = line + off;
	return 0;
}

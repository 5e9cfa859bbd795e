/* SPDX-License-Identifier: MIT */
/*
 * An open file in the terms of /proc/self/maps: see mapsid.h.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/maps.h"
#include "machine/mapsid.h"
#include "machine/vmaquery.h"

/* The maps line of the mapping that starts at ADDR, read from the file
 * /proc/self/maps: 0, or -1 when there is none. */
static int line_read(uintptr_t addr, struct hl_maps_line *v)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char *line = NULL;
	size_t cap = 0;
	int rc = -1;

	while (f && rc && getline(&line, &cap, f) > 0)
		if (!hl_maps_line_parse(line, v) && v->start == addr)
			rc = 0;
	free(line);
	if (f)
		fclose(f);
	return rc;
}

/* The maps line of the mapping that starts at ADDR: PROCMAP_QUERY
 * where the kernel has it (Linux 6.11), else the file read. */
static int line_at(uintptr_t addr, struct hl_maps_line *v)
{
	int fd = mach_vmaquery_open();
	char name[4096 + 64];
	uint64_t page;
	int rc = fd < 0 ? -1 : mach_vmaquery(fd, addr, v, name, sizeof(name),
					      &page);

	if (fd >= 0)
		close(fd);
	if (rc < 0)
		return line_read(addr, v);
	return rc == 0 && v->start == addr ? 0 : -1;
}

bool mach_fd_is_maps_file(int fd, const struct stat *st, unsigned long inode,
			  unsigned int major, unsigned int minor)
{
	long page = sysconf(_SC_PAGESIZE);
	struct hl_maps_line v;
	void *at;
	bool same;

	if (hl_maps_names_file(st, inode, major, minor))
		return true;
	if (!S_ISREG(st->st_mode) || st->st_size <= 0 || page <= 0)
		return false;
	at = mmap(NULL, (size_t)page, PROT_READ, MAP_PRIVATE, fd, 0);
	if (at == MAP_FAILED)
		return false;
	same = !line_at((uintptr_t)at, &v) && v.inode == inode &&
	       v.major == major && v.minor == minor;
	munmap(at, (size_t)page);
	return same;
}

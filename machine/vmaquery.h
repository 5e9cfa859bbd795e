/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_VMAQUERY_H
#define MACHINE_VMAQUERY_H
/*
 * One of this process's mappings, asked of the kernel by address with
 * the PROCMAP_QUERY ioctl of /proc/self/maps (Linux 6.11): what one line
 * of /proc/self/maps says, without reading the others.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/maps.h"

/*
 * Open /proc/self/maps for the call below.  Returns the descriptor, or
 * -1 (with errno) when /proc cannot be read.
 */
int mach_vmaquery_open(void);

/*
 * *FD, opened with mach_vmaquery_open while it is -1, so that a pass
 * opens /proc/self/maps only when something needs it; returns it.
 */
int mach_vmaquery_fd(int *fd);

/*
 * Fill *V with the mapping that holds ADDR or, when none does, the next
 * one above it, as its maps line would say: its path (with " (deleted)"
 * as maps has it) goes into NAME, of LEN bytes, and V->path points
 * there.  *PAGE is its kernel page size.  Returns 0, 1 when no mapping
 * lies at or above ADDR, or -1 when the kernel has no PROCMAP_QUERY
 * (errno ENOTTY or EINVAL) or refuses it.
 */
int mach_vmaquery(int fd, uintptr_t addr, struct hl_maps_line *v, char *name,
		  size_t len, uint64_t *page);

#endif

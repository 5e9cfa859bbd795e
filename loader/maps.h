/* SPDX-License-Identifier: MIT */
#ifndef LOADER_MAPS_H
#define LOADER_MAPS_H
/*
 * Reading /proc/self/maps once, for the judging core/objmaps.h does
 * (what a range about to be replaced holds, which file is an object's).
 */
#include "core/objmaps.h"

/* Read /proc/self/maps into M, with the break now.  Returns 0, or -1
 * when it cannot be read. */
int ldr_maps_read(struct hl_maps *m);

/* The same from FD, /proc/self/maps open (read from its start), which
 * is left open. */
int ldr_maps_read_from(int fd, struct hl_maps *m);

void ldr_maps_free(struct hl_maps *m);

#endif

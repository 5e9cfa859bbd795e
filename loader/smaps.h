/* SPDX-License-Identifier: MIT */
#ifndef LOADER_SMAPS_H
#define LOADER_SMAPS_H
/*
 * /proc/self/smaps, read whole into a mapping of its own (no malloc at
 * start-up), for core/smaps.h to take apart.
 */
#include <stddef.h>

struct ldr_smaps {
	char *text;		/* NUL-terminated; in a mapping */
	size_t len, cap;
};

/* Read /proc/self/smaps into S.  Returns 0, or -1 when it cannot be read. */
int ldr_smaps_read(struct ldr_smaps *s);

void ldr_smaps_free(struct ldr_smaps *s);

#endif

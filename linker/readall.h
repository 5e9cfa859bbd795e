/* SPDX-License-Identifier: MIT */
#ifndef LINKER_READALL_H
#define LINKER_READALL_H
/*
 * Reading a whole stream into memory: response files, the real linker's
 * answers, GNU ld's default script.
 */
#include <stddef.h>
#include <stdio.h>

/*
 * Read F to its end.  Returns a malloc'd NUL-terminated string, or NULL
 * with errno EIO when reading fails or ENOMEM when memory runs out.
 */
char *lw_read_all(FILE *f);

/* The same, but NULL with errno EFBIG once more than MAX bytes come;
 * *GOT is how many were read (the text may hold NUL bytes). */
char *lw_read_max(FILE *f, size_t max, size_t *got);

#endif

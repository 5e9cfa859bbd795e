/* SPDX-License-Identifier: MIT */
/*
 * Whole-stream reads.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "linker/readall.h"

char *lw_read_max(FILE *f, size_t max, size_t *got)
{
	size_t len = 0, cap = 8192;
	char *buf = malloc(cap);

	while (buf) {
		len += fread(buf + len, 1, cap - len - 1, f);
		if (len < cap - 1 || len > max)
			break;
		char *more = realloc(buf, cap * 2);

		if (!more)
			free(buf);
		buf = more;
		cap *= 2;
	}
	if (buf && (ferror(f) || len > max)) {
		free(buf);
		errno = ferror(f) ? EIO : EFBIG;
		return NULL;
	}
	if (buf)
		buf[len] = '\0';
	*got = len;
	return buf;
}

char *lw_read_all(FILE *f)
{
	size_t len;

	return lw_read_max(f, SIZE_MAX, &len);
}

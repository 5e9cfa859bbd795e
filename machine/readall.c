/* SPDX-License-Identifier: MIT */
/*
 * Reading a descriptor to its end: see readall.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "machine/readall.h"

/* Free BUF and return NULL with errno E. */
static char *give_up(char *buf, int e)
{
	free(buf);
	errno = e;
	return NULL;
}

char *mach_read_fd(int fd, size_t max, size_t *len)
{
	size_t n = 0, cap = 8192;
	char *buf = malloc(cap), *grown;
	ssize_t got;

	if (!buf)
		return give_up(NULL, ENOMEM);
	for (;;) {
		if (n == cap - 1) {
			grown = realloc(buf, cap * 2);
			if (!grown)
				return give_up(buf, ENOMEM);
			buf = grown;
			cap *= 2;
		}
		got = read(fd, buf + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return give_up(buf, errno);
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max)
			return give_up(buf, EFBIG);
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

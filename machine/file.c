/* SPDX-License-Identifier: MIT */
/*
 * Reading a small file whole: see file.h.
 */
#include <fcntl.h>
#include <unistd.h>

#include "machine/file.h"

ssize_t mach_file_read(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	ssize_t got;

	buf[0] = '\0';
	if (fd < 0)
		return -1;
	while (len < size - 1 &&
	       (got = read(fd, buf + len, size - 1 - len)) > 0)
		len += (size_t)got;
	close(fd);
	buf[len] = '\0';
	return (ssize_t)len;
}

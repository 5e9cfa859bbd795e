/* SPDX-License-Identifier: MIT */
/*
 * smallread FILE OFFSET LENGTH: have the page cache hold those bytes of
 * FILE in base-page folios, as it holds a file just written: drop them
 * (POSIX_FADV_DONTNEED), then fault each base page in through a mapping
 * advised MADV_RANDOM, under which a fault reads its own page and no
 * more.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long base = sysconf(_SC_PAGESIZE);
	volatile const char *at;
	off_t off;
	size_t len;
	int fd;

	if (argc != 4) {
		fprintf(stderr, "usage: smallread file offset length\n");
		return 2;
	}
	off = (off_t)strtoll(argv[2], NULL, 0);
	len = (size_t)strtoull(argv[3], NULL, 0);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || posix_fadvise(fd, off, (off_t)len, POSIX_FADV_DONTNEED)) {
		perror(argv[1]);
		return 1;
	}
	at = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, off);
	if (at == MAP_FAILED || madvise((void *)at, len, MADV_RANDOM)) {
		perror("smallread: mmap or madvise");
		return 1;
	}
	for (size_t i = 0; i < len; i += (size_t)base)
		(void)at[i];
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * readhuge FILE: read FILE into the page cache in 2 MiB folios where the
 * kernel and the file system have them, the way a mapping advised
 * MADV_HUGEPAGE reads it: mapped, advised, and populated
 * (MADV_POPULATE_READ, Linux 5.14), as hugectl --prime reads a program,
 * which the aarch64 guest has not (the tools are built for the build
 * machine only).  Exits 1 with a message when a call fails.
 */
#include <err.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

int main(int argc, char **argv)
{
	struct stat st;
	void *p;
	int fd;

	if (argc != 2)
		errx(2, "usage: readhuge FILE");
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || fstat(fd, &st))
		err(1, "%s", argv[1]);
	p = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		err(1, "%s: mmap", argv[1]);
	if (madvise(p, st.st_size, MADV_HUGEPAGE))
		err(1, "%s: madvise(MADV_HUGEPAGE)", argv[1]);
	if (madvise(p, st.st_size, MADV_POPULATE_READ))
		err(1, "%s: madvise(MADV_POPULATE_READ)", argv[1]);
	return 0;
}

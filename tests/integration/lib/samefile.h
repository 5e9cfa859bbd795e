/* SPDX-License-Identifier: MIT */
/*
 * samefile.h: whether loaded bytes are what the file they were loaded
 * from holds there, for the test programs that check their own text and
 * rodata after hugelink moved them.  Header-only, like hugecheck.h; the
 * includer defines _GNU_SOURCE (dl_iterate_phdr).
 */
#ifndef TESTS_INTEGRATION_LIB_SAMEFILE_H
#define TESTS_INTEGRATION_LIB_SAMEFILE_H

#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct hc_where {
	uintptr_t addr;
	off_t off;
	int found;
};

/* Where in its object's file the byte at w->addr came from. */
static inline int hc_find_offset(struct dl_phdr_info *info, size_t size,
				 void *data)
{
	struct hc_where *w = data;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + p->p_vaddr;

		if (p->p_type == PT_LOAD && w->addr >= start &&
		    w->addr < start + p->p_filesz) {
			w->off = (off_t)(p->p_offset + (w->addr - start));
			w->found = 1;
			return 1;
		}
	}
	return 0;
}

/* True when the N bytes at ADDR are those of FILE, where they came from. */
static inline int hc_same_as_file(const char *file, const void *addr, size_t n)
{
	struct hc_where w = { (uintptr_t)addr, 0, 0 };
	unsigned char *buf = malloc(n);
	int fd = file ? open(file, O_RDONLY) : -1, same;

	dl_iterate_phdr(hc_find_offset, &w);
	same = w.found && buf && fd >= 0 &&
	       pread(fd, buf, n, w.off) == (ssize_t)n && !memcmp(buf, addr, n);
	free(buf);
	if (fd >= 0)
		close(fd);
	return same;
}

#endif

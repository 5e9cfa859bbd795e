/* SPDX-License-Identifier: MIT */
/*
 * PROCMAP_QUERY: see vmaquery.h.  The ioctl's structure is spelled out
 * here, from the kernel's ABI (include/uapi/linux/fs.h), for the libc
 * headers that predate it.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "machine/vmaquery.h"

struct pm_query {
	uint64_t size, query_flags, query_addr;
	uint64_t vma_start, vma_end, vma_flags, vma_page_size, vma_offset;
	uint64_t inode;
	uint32_t dev_major, dev_minor, vma_name_size, build_id_size;
	uint64_t vma_name_addr, build_id_addr;
};

#define MACH_PROCMAP_QUERY _IOWR(0x66, 17, struct pm_query)
#define MACH_QUERY_COVERING_OR_NEXT 0x10
#define MACH_VMA_READ 0x1
#define MACH_VMA_WRITE 0x2
#define MACH_VMA_EXEC 0x4
#define MACH_VMA_SHARED 0x8

int mach_vmaquery_open(void)
{
	return open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
}

int mach_vmaquery_fd(int *fd)
{
	if (*fd < 0)
		*fd = mach_vmaquery_open();
	return *fd;
}

int mach_vmaquery(int fd, uintptr_t addr, struct hl_maps_line *v, char *name,
		  size_t len, uint64_t *page)
{
	struct pm_query q = {
		.size = sizeof(q), .query_flags = MACH_QUERY_COVERING_OR_NEXT,
		.query_addr = addr, .vma_name_size = (uint32_t)len,
		.vma_name_addr = (uintptr_t)name,
	};

	name[0] = '\0';
	if (ioctl(fd, MACH_PROCMAP_QUERY, &q) < 0)
		return errno == ENOENT ? 1 : -1;
	v->start = (uintptr_t)q.vma_start;
	v->end = (uintptr_t)q.vma_end;
	v->offset = (unsigned long)q.vma_offset;
	v->inode = (unsigned long)q.inode;
	v->major = q.dev_major;
	v->minor = q.dev_minor;
	v->perms[0] = q.vma_flags & MACH_VMA_READ ? 'r' : '-';
	v->perms[1] = q.vma_flags & MACH_VMA_WRITE ? 'w' : '-';
	v->perms[2] = q.vma_flags & MACH_VMA_EXEC ? 'x' : '-';
	v->perms[3] = q.vma_flags & MACH_VMA_SHARED ? 's' : 'p';
	v->perms[4] = '\0';
	v->path = q.vma_name_size ? name : "";
	*page = q.vma_page_size;
	return 0;
}

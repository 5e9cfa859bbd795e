/* SPDX-License-Identifier: MIT */
/*
 * The source of read-only copies: see source.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/image.h"
#include "core/maps.h"
#include "machine/mapsid.h"
#include "loader/source.h"

/*
 * The file PROG maps.  /proc/self/map_files reaches the very file
 * mapped, deleted or renamed, whatever its path names now; opening it
 * takes CAP_SYS_ADMIN (or CAP_CHECKPOINT_RESTORE, Linux 5.9 and later)
 * on every kernel, so an ordinary user falls back to the path.  The path
 * of a deleted program ends in " (deleted)", a name anyone who may write
 * to its directory can give a FIFO: it is opened without blocking, taking
 * a terminal or following a link, and the caller checks what it got.
 */
static int open_mapped(const struct hl_maps_file *prog)
{
	char self[64];
	int fd;

	snprintf(self, sizeof(self), "/proc/self/map_files/%lx-%lx",
		 (unsigned long)prog->start, (unsigned long)prog->end);
	fd = open(self, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		fd = open(prog->path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
			  O_NOFOLLOW | O_CLOEXEC);
	return fd;
}

void ldr_source_init(struct ldr_source *src, const struct hl_maps_file *prog,
		    const struct ldr_image *img)
{
	src->fd = -1;
	src->size = 0;
	src->tried = false;
	src->prog = prog;
	src->img = img;
}

int ldr_source_fd(struct ldr_source *src)
{
	const struct hl_maps_file *prog = src->prog;
	struct stat st;

	if (src->tried)
		return src->fd;
	src->tried = true;
	src->fd = ldr_image_textrel(src->img) ? -1 : open_mapped(prog);
	if (src->fd < 0)
		return -1;
	if (fstat(src->fd, &st) ||
	    !mach_fd_is_maps_file(src->fd, &st, prog->inode, prog->major,
				  prog->minor)) {
		ldr_source_close(src);
		return -1;
	}
	src->size = st.st_size;
	return src->fd;
}

/* Read LEN bytes at OFF of FD into BUF: 0, or -1 when they are not all
 * there. */
static int read_at(int fd, void *buf, size_t len, uint64_t off)
{
	char *to = buf;

	while (len) {
		ssize_t n = pread(fd, to, len, (off_t)off);

		if (n <= 0)
			return -1;
		to += n;
		off += (uint64_t)n;
		len -= (size_t)n;
	}
	return 0;
}

int ldr_source_same_phdrs(const struct hl_maps_file *file,
			  const struct ldr_image *img)
{
	unsigned char ehdr[64], table[LDR_MAX_PHDRS * 64];
	uint64_t off;
	size_t size;
	struct stat st;
	int fd = open_mapped(file), rc = -1;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !mach_fd_is_maps_file(fd, &st, file->inode,
						    file->major, file->minor))
		goto out_close;
	rc = 0;
	if (read_at(fd, ehdr, sizeof(ehdr), 0) ||
	    hl_image_phdr_table(ehdr, sizeof(ehdr), img->phnum, &off, &size) ||
	    size > sizeof(table) || read_at(fd, table, size, off) ||
	    !hl_image_phdrs_equal(table, size, img->ph, img->phnum))
		goto out_close;
	rc = 1;
out_close:
	close(fd);
	return rc;
}

int ldr_source_read(struct ldr_source *src, void *dst,
		    const struct ldr_bytes *b)
{
	char *to = dst;
	size_t len = b->file_len;
	off_t off = b->off;

	if (ldr_source_fd(src) < 0)
		return -1;
	while (len) {
		ssize_t n = pread(src->fd, to, len, off);

		if (n <= 0)
			return -1;
		to += n;
		off += n;
		len -= (size_t)n;
	}
	return 0;
}

int ldr_source_map(struct ldr_source *src, struct remap_copy *k, size_t base)
{
	size_t want = k->sparse - k->start;
	long lead;
	char *m;

	if (ldr_source_fd(src) < 0 || k->file_off < 0 ||
	    k->file_off >= src->size || !want)
		return -1;
	if (want > (size_t)(src->size - k->file_off))
		want = (size_t)(src->size - k->file_off);
	lead = k->file_off & (long)(base - 1);
	m = mmap(NULL, (size_t)lead + want, PROT_READ,
		 MAP_SHARED | MAP_POPULATE, src->fd, k->file_off - lead);
	if (m == MAP_FAILED)
		return -1;
	k->map = (uintptr_t)m + (uintptr_t)lead;
	k->map_end = k->start + want;
	return 0;
}

void ldr_source_unmap(struct remap_copy *k, size_t base)
{
	uintptr_t lead = k->map & (base - 1);

	if (k->map)
		munmap((void *)(k->map - lead), lead + (k->map_end - k->start));
	k->map = 0;
	k->map_end = 0;
}

void ldr_source_close(struct ldr_source *src)
{
	if (src->fd >= 0)
		close(src->fd);
	src->fd = -1;
}

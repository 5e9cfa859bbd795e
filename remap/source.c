/*
 * The source of read-only copies: see source.h.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "remap/source.h"

void hl_source_open(struct hl_source *src, const struct hl_maps_file *prog,
		    const struct hl_image *img)
{
	struct stat st;

	src->fd = hl_image_textrel(img) ? -1 :
		  open(prog->path, O_RDONLY | O_CLOEXEC);
	if (src->fd < 0)
		return;
	if (fstat(src->fd, &st) || st.st_ino != prog->inode ||
	    major(st.st_dev) != prog->major || minor(st.st_dev) != prog->minor)
		hl_source_close(src);
}

/* Read the file part; false when the file gives less than asked. */
static int read_file(int fd, char *dst, size_t len, off_t off)
{
	while (len) {
		ssize_t n = pread(fd, dst, len, off);

		if (n <= 0)
			return 0;
		dst += n;
		off += n;
		len -= (size_t)n;
	}
	return 1;
}

void hl_source_copy(const struct hl_source *src, void *dst,
		    const struct hl_bytes *b)
{
	if (src->fd >= 0 && b->file_len &&
	    read_file(src->fd, dst, b->file_len, b->off))
		return;
	memcpy(dst, (const void *)b->from, b->to - b->from);
}

void hl_source_close(struct hl_source *src)
{
	if (src->fd >= 0)
		close(src->fd);
	src->fd = -1;
}

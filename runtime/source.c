/*
 * The source of read-only copies: see source.h.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "runtime/source.h"

void rt_source_open(struct rt_source *src, const struct rt_maps_file *prog,
		    const struct rt_image *img)
{
	struct stat st;

	src->fd = rt_image_textrel(img) ? -1 :
		  open(prog->path, O_RDONLY | O_CLOEXEC);
	if (src->fd < 0)
		return;
	if (fstat(src->fd, &st) || st.st_ino != prog->inode ||
	    major(st.st_dev) != prog->major || minor(st.st_dev) != prog->minor)
		rt_source_close(src);
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

void rt_source_copy(const struct rt_source *src, void *dst,
		    const struct rt_bytes *b)
{
	if (src->fd >= 0 && b->file_len &&
	    read_file(src->fd, dst, b->file_len, b->off))
		return;
	memcpy(dst, (const void *)b->from, b->to - b->from);
}

void rt_source_close(struct rt_source *src)
{
	if (src->fd >= 0)
		close(src->fd);
	src->fd = -1;
}

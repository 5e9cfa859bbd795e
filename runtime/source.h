#ifndef RUNTIME_SOURCE_H
#define RUNTIME_SOURCE_H
/*
 * Where a read-only range is copied from: the program file, read with
 * pread, or else the live memory.  Reading the file leaves the old 4 KiB
 * mapping alone: copying from memory would first fault all of it in, page
 * by page, only to throw it away at the swap.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "runtime/image.h"
#include "runtime/maps.h"

struct rt_source {
	int fd;			/* the program file, or -1: memory only */
};

/* The live bytes [from, to); the first file_len of them are in the
 * program file at offset off. */
struct rt_bytes {
	uintptr_t from, to;
	off_t off;
	size_t file_len;
};

/*
 * Open PROG's file for IMG, if it is the file mapped (a regular file,
 * same device and inode) and IMG's read-only segments hold exactly its
 * bytes (no text relocations).  Otherwise SRC->fd is -1 and copies come
 * from memory.  Whatever sits at PROG's path is never waited on: see
 * source.c.
 */
void rt_source_open(struct rt_source *src, const struct rt_maps_file *prog,
		    const struct rt_image *img);

/* Copy B into DST, where DST corresponds to address B->from. */
void rt_source_copy(const struct rt_source *src, void *dst,
		    const struct rt_bytes *b);

void rt_source_close(struct rt_source *src);

#endif

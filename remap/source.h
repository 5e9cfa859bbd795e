#ifndef HL_SOURCE_H
#define HL_SOURCE_H
/*
 * Where a read-only range is copied from: the program file, read with
 * pread, or else the live memory.  Reading the file leaves the old 4 KiB
 * mapping alone: copying from memory would first fault all of it in, page
 * by page, only to throw it away at the swap.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "loader/image.h"
#include "remap/maps.h"

struct hl_source {
	int fd;			/* the program file, or -1: memory only */
};

/* The live bytes [from, to); the first file_len of them are in the
 * program file at offset off. */
struct hl_bytes {
	uintptr_t from, to;
	off_t off;
	size_t file_len;
};

/*
 * Open PROG's file for IMG, if it is the file mapped (same device and
 * inode) and IMG's read-only segments hold exactly its bytes (no text
 * relocations).  Otherwise SRC->fd is -1 and copies come from memory.
 */
void hl_source_open(struct hl_source *src, const struct hl_maps_file *prog,
		    const struct hl_image *img);

/* Copy B into DST, where DST corresponds to address B->from. */
void hl_source_copy(const struct hl_source *src, void *dst,
		    const struct hl_bytes *b);

void hl_source_close(struct hl_source *src);

#endif

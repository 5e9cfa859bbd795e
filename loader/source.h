/* SPDX-License-Identifier: MIT */
#ifndef LOADER_SOURCE_H
#define LOADER_SOURCE_H
/*
 * The program file, as the copies of read-only ranges read it: the
 * copier (remap/commit.c, remap_copy_pages) reads the pages it takes from the
 * file through it, and a shared file is made from it alone.  Reading the
 * file leaves the old 4 KiB mapping alone: copying from memory would
 * first fault all of it in, page by page, only to throw it away at the
 * swap.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "loader/image.h"
#include "loader/maps.h"
#include "remap/remap.h"

struct ldr_source {
	int fd;			/* the program file, or -1: memory only */
	off_t size;		/* its size */
	bool tried;		/* the file was looked for */
	const struct hl_maps_file *prog;
	const struct ldr_image *img;
};

/* The live bytes [from, to); the first file_len of them are in the
 * program file at offset off. */
struct ldr_bytes {
	uintptr_t from, to;
	off_t off;
	size_t file_len;
};

/*
 * Set SRC up to open PROG's file for IMG when it is first needed: a start
 * that maps shared text only never opens it.
 */
void ldr_source_init(struct ldr_source *src, const struct hl_maps_file *prog,
		    const struct ldr_image *img);

/*
 * The program file's descriptor, opened the first time: PROG's file, if
 * it is the file mapped (a regular file, same device and inode) and
 * IMG's read-only segments hold exactly its bytes (no text relocations).
 * Otherwise -1, and copies come from memory.  Whatever sits at PROG's
 * path is never waited on: see source.c.
 */
int ldr_source_fd(struct ldr_source *src);

/*
 * Read B's bytes from the file into DST, where DST corresponds to address
 * B->from; the bytes past B's file part are left as DST holds them.
 * Returns 0, or -1 when the file is not open or gives less: nothing is
 * ever taken from memory here, where a debugger or a uprobe may have
 * written.
 */
int ldr_source_read(struct ldr_source *src, void *dst,
		   const struct ldr_bytes *b);

/*
 * Map the file's bytes for K's file part, [K->start, K->sparse) from
 * K->file_off, as far as the file holds them (a page past its end would
 * raise SIGBUS), every page present, and note the mapping in K->map and
 * K->map_end: the copier then copies them with a user-space copy, which
 * costs less than pread's copy in the kernel.  The mapping is shared and
 * read-only: the kernel places uprobes only in private mappings that may
 * execute, so it holds the file's bytes, never a uprobe's breakpoint.
 * BASE is the base page size.  Returns 0, or -1 when nothing was mapped
 * (the copier then reads the file).
 */
int ldr_source_map(struct ldr_source *src, struct remap_copy *k, size_t base);

/* Undo ldr_source_map on K, if it mapped anything. */
void ldr_source_unmap(struct remap_copy *k, size_t base);

void ldr_source_close(struct ldr_source *src);

/*
 * Whether IMG's program headers, as the loader reports them, are those
 * of FILE, the file its object was mapped from (PT_PHDR may point at
 * another table in its memory): 1 when they are, 0 when they differ, -1
 * when the file cannot be read (then nothing says).
 */
int ldr_source_same_phdrs(const struct hl_maps_file *file,
			  const struct ldr_image *img);

#endif

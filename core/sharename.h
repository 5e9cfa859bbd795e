#ifndef CORE_SHARENAME_H
#define CORE_SHARENAME_H
/*
 * Names of shared huge-page files (HUGETLB_SHARE=1).  Pure; shared by the
 * runtime, which creates the files, and hugectl, which lists and cleans
 * them.
 *
 * A file holds one read-only segment of one build of one program.  Its
 * name says which:
 *
 *     <program path, encoded>#<key>#<segment>#<page size in kB>k
 *
 * The path is encoded so that it is a single file name: '/' becomes
 * "%2f", '%' "%25" and '#' "%23".  The key is a 64-bit hash, in hex, of
 * everything that identifies the build and the segment: the program
 * file's device, inode, size, modification and change times, its GNU
 * build-id, and the segment's program header and page size.  A rebuilt
 * program, or another program at the same path, has another key, so it
 * never maps a file made from different text.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "core/plan.h"

#define HL_SHARE_NAME_MAX 255
#define HL_BUILD_ID_MAX 64

/* What identifies a shared segment. */
struct hl_share_id {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime, ctime;
	unsigned char build_id[HL_BUILD_ID_MAX];
	size_t build_id_len;
	int phdr;			/* index of the segment's header */
	struct hl_phdr ph;		/* the header itself */
	size_t page;
};

/* Fill the file part of ID from the program's stat. */
void hl_share_id_from_stat(struct hl_share_id *id, const struct stat *st);

uint64_t hl_share_key(const struct hl_share_id *id);

/*
 * Write the name for PATH, KEY, ID->phdr and ID->page into OUT (at least
 * HL_SHARE_NAME_MAX + 1 bytes).  Returns 0, or -1 when the name would be
 * too long.
 */
int hl_share_name(char *out, const char *path, uint64_t key,
		  const struct hl_share_id *id);

/* The name up to and including the '#' before the key: names of other
 * builds of the same program and segment share it, with another key. */
size_t hl_share_prefix_len(const char *name);

/*
 * The name of the lock file that serialises making NAME and every other
 * file of the same program: its prefix, then "lock".  OUT holds at least
 * HL_SHARE_NAME_MAX + 1 bytes.
 */
void hl_share_lock_name(char *out, const char *name);

/* A name taken apart. */
struct hl_share_parsed {
	char path[4096];
	uint64_t key;
	int phdr;
	size_t page;
};

/* Parse NAME; 0, or -1 when it is not a shared-file name. */
int hl_share_parse(const char *name, struct hl_share_parsed *out);

#endif

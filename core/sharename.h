/* SPDX-License-Identifier: MIT */
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
 *     <program path, encoded>#<key>#<segment>#<page size in kB>k#<lo>+<len>
 *
 * The path is encoded so that it is a single file name: '/' becomes
 * "%2f", '%' "%25" and '#' "%23".  The key is a 64-bit hash, in hex, of
 * everything that identifies the build, the segment and the range: the
 * program file's device, inode, size, modification and change times, its
 * GNU build-id, the segment's program header and page size, and the range
 * the file holds; and of the format of the files (HL_SHARE_FORMAT).  A
 * rebuilt program, or another program at the same path, has another key,
 * so it never maps a file made from different text; nor does a run that
 * moves another part of the segment, nor a runtime that fills its files
 * differently.
 *
 * The range is given at the file's addresses (those of p_vaddr), in
 * lower-case hex: its start and its length.  The name says it only when
 * it is not the segment's whole range rounded out to huge pages, which is
 * what a relinked program moves unless HUGELINK_TEXT or
 * HUGELINK_TEXT_BUDGET cut it short.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "core/plan.h"

#define HL_SHARE_NAME_MAX 255
#define HL_BUILD_ID_MAX 64

/*
 * The format of the files: how the runtime lays out and fills a file for
 * a given identity.  The key hashes it, so a file made by a runtime that
 * fills files differently is never mapped, and is stale.  It changes
 * whenever what a file holds for the same program, segment, page size and
 * range changes.
 */
#define HL_SHARE_FORMAT 1

/*
 * What a name may say.  A segment is a program header's index, and
 * e_phnum is 16 bits.  A page size is a power of two that some
 * architecture's hugetlbfs offers: from 64 KiB (arm64, ppc64) to 16 GiB
 * (ppc64, arm64 with 64 KiB base pages).
 */
#define HL_SHARE_PHDR_MAX 65535
#define HL_SHARE_PAGE_MIN (64ull << 10)
#define HL_SHARE_PAGE_MAX (16ull << 30)

/* What identifies a shared segment. */
struct hl_share_id {
	unsigned format;		/* HL_SHARE_FORMAT */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime, ctime;
	unsigned char build_id[HL_BUILD_ID_MAX];
	size_t build_id_len;
	int phdr;			/* index of the segment's header */
	struct hl_phdr ph;		/* the header itself */
	size_t page;
	uint64_t lo, len;		/* the range, at the file's addresses */
};

/* Set ID's range to its segment's whole range (ID->ph, ID->page). */
void hl_share_id_whole(struct hl_share_id *id);

/* Fill the file part of ID from the program's stat, and its format,
 * HL_SHARE_FORMAT. */
void hl_share_id_from_stat(struct hl_share_id *id, const struct stat *st);

/* True when ST, a stat of the program file, is what the file part of ID
 * was filled from: the same file, size, and times. */
bool hl_share_id_stat_same(const struct hl_share_id *id,
			   const struct stat *st);

uint64_t hl_share_key(const struct hl_share_id *id);

/*
 * Write the name for PATH, KEY, ID->phdr, ID->page and ID's range into
 * OUT (at least HL_SHARE_NAME_MAX + 1 bytes).  Returns 0, or -1 when the name
 * would be too long.
 */
int hl_share_name(char *out, const char *path, uint64_t key,
		  const struct hl_share_id *id);

/* The name up to and including the '#' before the key: names of other
 * builds of the same program and segment share it, with another key. */
size_t hl_share_prefix_len(const char *name);

/*
 * True when OTHER names a file of another build of the program, segment,
 * page size and range that NAME (written by hl_share_name) names: the
 * same path, another key, the same segment, page size and range.  Such a
 * file is stale once NAME is published.
 */
bool hl_share_other_build(const char *other, const char *name);

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
	bool ranged;			/* the name gives a range: */
	uint64_t lo, len;
};

/*
 * Parse NAME; 0, or -1 when it is not a shared-file name exactly as
 * hl_share_name writes one: an absolute path with only the three escapes,
 * a key of 16 lower-case hex digits, a segment and a page size in kB in
 * plain decimal within the bounds above, and perhaps a range of two
 * lower-case hex numbers without leading zeros, of a length not 0.  A
 * name that parses is made again, byte for byte, by hl_share_name from
 * what was parsed, for a segment whose whole range is not the one given.
 */
int hl_share_parse(const char *name, struct hl_share_parsed *out);

/* True when PAGE is a page size a shared file may have (see above). */
bool hl_share_page_ok(unsigned long long page);

#endif

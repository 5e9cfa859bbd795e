/* SPDX-License-Identifier: MIT */
#ifndef CORE_MAPS_H
#define CORE_MAPS_H
/*
 * One line of /proc/<pid>/maps, taken apart.  Pure: the callers read the
 * file.
 *
 *   start-end perms offset major:minor inode   path
 */
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

struct hl_maps_line {
	uintptr_t start, end;
	unsigned long offset, inode;
	unsigned int major, minor;
	char perms[5];		/* "r-xp" */
	const char *path;	/* into the line: "" for anonymous memory */
};

/*
 * Parse LINE, which ends at its newline or NUL; the newline, if any, is
 * replaced by NUL so that V->path ends there.  Returns 0, or -1 when the
 * line is not a maps line.
 */
int hl_maps_line_parse(char *line, struct hl_maps_line *v);

/*
 * True when ST, from stat or fstat, is the regular file a maps line
 * names: INODE on device MAJOR:MINOR.
 */
bool hl_maps_names_file(const struct stat *st, unsigned long inode,
			unsigned int major, unsigned int minor);

/*
 * True when PATH, a maps line's path, names memory hugelink itself puts
 * where a segment was: private hugetlb pages ("/anon_hugepage"), the
 * memfd of kernels whose hugetlb mappings cannot move ("/memfd:hugelink"),
 * or a shared file (a name core/sharename.h makes), deleted or not.
 */
bool hl_maps_made_by_hugelink(const char *path);

#endif

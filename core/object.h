/* SPDX-License-Identifier: MIT */
#ifndef CORE_OBJECT_H
#define CORE_OBJECT_H
/*
 * What a shared library is to the runtime, from what its file or its
 * loaded headers say: the one rule the runtime (loader/object.c) and
 * hugelink-inspect follow.  Pure.
 *
 *  - a segment flagged PF_LINUX_HUGETLB (hugeedit, --hugetlbfs-link):
 *    moved as its flags or HUGETLB_ELFMAP say;
 *  - named in HUGELINK_LIBS: moved, the interiors of its segments with
 *    HUGETLB_FORCE_ELFMAP=yes; named only by "all", it says nothing of a
 *    segment too small to move;
 *  - carrying the runtime's note: moved when it is also laid out for
 *    huge pages (hl_phdrs_relinked), as the wrapper lays out what it
 *    links; libhugelink.so carries the note and is not;
 *  - anything else stays as it is, and says nothing.
 */
#include <stdbool.h>

#include "core/config.h"

enum hl_lib_kind {
	HL_LIB_NONE,		/* not ours to move */
	HL_LIB_FLAGGED,		/* PF_LINUX_HUGETLB */
	HL_LIB_NAMED,		/* named in HUGELINK_LIBS */
	HL_LIB_ALL,		/* only HUGELINK_LIBS=all names it */
	HL_LIB_CARRIER,		/* carries the runtime: moved if laid out */
};

/* The kind of a library FLAGGED or not, NAMED so, carrying the runtime
 * or not (CARRIER). */
enum hl_lib_kind hl_lib_kind(bool flagged, enum hl_libs_named named,
			     bool carrier);

#endif

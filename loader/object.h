/* SPDX-License-Identifier: MIT */
#ifndef LOADER_OBJECT_H
#define LOADER_OBJECT_H
/*
 * Which loaded objects the runtime moves, and what it calls them.
 *
 *  - The program, always.
 *  - A shared library relinked with the wrapper: it carries the runtime
 *    (its note) and is laid out for huge pages (hl_phdrs_relinked), or
 *    a segment of it carries PF_LINUX_HUGETLB (hugeedit, B and BDT).
 *    libhugelink.so carries the runtime too, but is not laid out.
 *  - A library HUGELINK_LIBS names, relinked or not: with
 *    HUGETLB_FORCE_ELFMAP=yes the huge-page interior of its segments,
 *    as for a program that was not relinked.
 * The vDSO, and any object the loader names no file for, never.  Each
 * then moves the segments HUGETLB_ELFMAP (or, unset, their flags) asks
 * for, as the program does.
 */
#include <stdbool.h>

#include "core/config.h"
#include "core/object.h"
#include "core/plan.h"
#include "loader/image.h"
#include "loader/maps.h"
#include "loader/sizes.h"

enum ldr_object_kind {
	LDR_OBJ_NONE,		/* not ours to move */
	LDR_OBJ_PROGRAM,
	LDR_OBJ_LIBRARY,		/* a library, of a kind
					   (core/object.h) */
};

/* True when IMG has a file the loader opened: the vDSO has a name, but
 * no file. */
bool ldr_object_has_file(const struct ldr_image *img);

/*
 * True when IMG is left alone under CFG without a look at its memory:
 * the vDSO (no file), and, with no HUGELINK_LIBS, a library whose
 * headers flag no segment and are not laid out for huge pages, which
 * even carrying the runtime would not be moved.  SIZES are those a pass
 * plans with (loader/sizes.h).
 */
bool ldr_object_plainly_left(const struct ldr_image *img,
			     const struct hl_config *cfg,
			     struct ldr_sizes *sizes);

/*
 * What IMG is to the runtime under CFG; for a library, *LIB says which
 * kind (core/object.h).  A carrier still has to be laid out
 * (hl_phdrs_relinked), which takes the machine's page sizes: the caller
 * checks that only for HL_LIB_CARRIER.  The headers of an object that
 * may be moved are judged first (loader/trust.h, against MAPS), and set
 * IMG->trust: a library whose headers are not trusted is a library of
 * kind HL_LIB_NONE, looked at only to say why it is left as it is.  A
 * library that shows, as far as its memory goes, no flag and no runtime
 * note, with no HUGELINK_LIBS, is LDR_OBJ_NONE without its file being
 * read.
 */
enum ldr_object_kind ldr_object_kind(struct ldr_image *img,
				   const struct hl_config *cfg,
				   const struct hl_maps *maps,
				   enum hl_lib_kind *lib);

/* The name reports give IMG: NULL for the program, else its file name. */
const char *ldr_object_label(const struct ldr_image *img);

#endif

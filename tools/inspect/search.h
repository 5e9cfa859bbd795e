/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_SEARCH_H
#define TOOLS_INSPECT_SEARCH_H
/*
 * Where glibc's dynamic loader looks for a library a DT_NEEDED entry
 * names without a '/', in its order (elf/dl-load.c, _dl_map_object):
 *  1. unless the object that needs it has a DT_RUNPATH: the DT_RPATH
 *     of that object and of each object that loaded that one, up to the
 *     program, each unless that object has a DT_RUNPATH;
 *  2. LD_LIBRARY_PATH ($ORIGIN there is the program's directory);
 *  3. DT_RUNPATH of the object that needs it, alone;
 *  4. /etc/ld.so.cache, and 5. the default directories, unless that
 *     object was linked -z nodeflib (the caller's part).
 * $ORIGIN (or ${ORIGIN}) in a DT_RPATH or DT_RUNPATH entry is the
 * directory of the object that has it.  In each directory DIR of steps
 * 1 to 3 and 5, the loader tries DIR/glibc-hwcaps/SUBDIR first, for each
 * subdirectory tools/inspect/hwcaps.h names, best first, then DIR
 * itself (elf/dl-load.c, open_path).  Pure.
 */
#include <stdbool.h>
#include <stddef.h>

#include "tools/inspect/hwcaps.h"

/* One object of the chain that loaded a library. */
struct inspect_search_obj {
	const char *rpath;	/* DT_RPATH, or NULL */
	const char *runpath;	/* DT_RUNPATH, or NULL */
	const char *origin;	/* its directory, for $ORIGIN */
};

/* Where a directory came from. */
enum inspect_search_from {
	INSPECT_FROM_RPATH,
	INSPECT_FROM_LD_LIBRARY_PATH,
	INSPECT_FROM_RUNPATH,
	INSPECT_FROM_DEFAULT,		/* a default directory */
};

typedef int inspect_search_fn(const char *dir, enum inspect_search_from from,
			 void *ctx);

/*
 * Call FN, in order, with each directory of steps 1 to 3 for a library
 * needed by CHAIN[0], loaded by CHAIN[1], ... up to CHAIN[N - 1], the
 * program, with LD_LIBRARY_PATH LDPATH (NULL: unset), each preceded by
 * its glibc-hwcaps subdirectories that HW names, until FN returns
 * non-zero; returns that value, or 0.  Empty entries and entries with a
 * dynamic string token other than $ORIGIN ($LIB, $PLATFORM) are passed
 * over; an entry's trailing '/' is dropped.
 */
int inspect_search_each(const struct inspect_search_obj *chain, size_t n,
		   const char *ldpath, const struct inspect_hwcaps *hw,
		   inspect_search_fn *fn, void *ctx);

/*
 * Call FN with DIR's glibc-hwcaps subdirectories that HW names, best
 * first, then with DIR, until FN returns non-zero; returns that value,
 * or 0.  A subdirectory whose path would be too long is passed over.
 */
int inspect_search_dir(const char *dir, enum inspect_search_from from,
		  const struct inspect_hwcaps *hw, inspect_search_fn *fn,
		  void *ctx);

/*
 * Expand $ORIGIN and ${ORIGIN} in the path list entry ENTRY (LEN bytes)
 * with ORIGIN into OUT (OUTLEN bytes).  Returns 0, or -1 when it holds
 * another token or does not fit.
 */
int inspect_search_expand(const char *entry, size_t len, const char *origin,
		     char *out, size_t outlen);

#endif

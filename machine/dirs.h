/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_DIRS_H
#define MACHINE_DIRS_H
/*
 * The install tree, found from the running program's own path.  The
 * wrapper and the tools are installed in BINDIR; the runtime lives in
 * LIBDIR, the runtimes built for other architectures in CROSS_LIBDIR,
 * and the data (the wrapper's links and scripts) in DATADIR, at paths
 * relative to BINDIR that the build compiles in ("../lib" for the
 * default layout).  Nothing absolute is compiled in, so an installed
 * tree can be moved as long as it keeps its layout.
 */

struct mach_dirs {
	char *bin;	/* BINDIR: where the running program is */
	char *lib;	/* LIBDIR: the runtime */
	char *cross_lib; /* CROSS_LIBDIR: '%' for a multiarch name */
	char *data;	/* DATADIR: hugelink/ and libhugetlbfs/ */
};

/*
 * Join the relative path REL to the directory DIR, an absolute path with
 * no symbolic links, and resolve "." and ".." lexically ("/usr/bin" and
 * "../lib" give "/usr/lib"; ".." at the root stays at the root).  Pure
 * apart from the allocation: the caller frees the result.  NULL when
 * memory runs out.
 */
char *mach_dirs_join(const char *dir, const char *rel);

/*
 * The directory of the runtime built for the architecture whose
 * multiarch name is MULTIARCH ("aarch64-linux-gnu"): PATTERN, a
 * cross_lib above, with each '%' replaced by MULTIARCH.  Pure apart
 * from the allocation: the caller frees the result.  NULL when memory
 * runs out.
 */
char *mach_dirs_cross_lib(const char *pattern, const char *multiarch);

/*
 * Fill D for the running program, from /proc/self/exe with links
 * resolved.  Returns 0, or -1 after a warning.
 */
int mach_dirs_find(struct mach_dirs *d);

void mach_dirs_free(struct mach_dirs *d);

#endif

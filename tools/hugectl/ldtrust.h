/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_LDTRUST_H
#define TOOLS_HUGECTL_LDTRUST_H
/*
 * Whether the dynamic loader's list of a program's libraries
 * (tools/hugectl/ldlist.h) says what the program loads.  The loader
 * prints each object's name as it was asked for and the path it found
 * as they are, one object a line: a name that holds a line break (a
 * DT_NEEDED entry is whatever string the linker was given as a soname)
 * prints lines of its own, which read as libraries the program does not
 * load.  So the list is used only when no string it is printed from
 * holds a control character: the names and paths read from it; the
 * DT_NEEDED, DT_RPATH and DT_RUNPATH entries of the program and of each
 * library it lists, which covers every object loaded (the first to name
 * a forged line was itself asked for by clean names, so its own line is
 * true and lists it); the program's PT_INTERP, which the loader prints
 * as its own line; the program's path, which $ORIGIN brings in; and
 * LD_LIBRARY_PATH and LD_PRELOAD.  A listed library hugectl cannot read
 * could hold any of those strings: the list is not used then either.
 */
#include <stddef.h>

#include "elf/file.h"
#include "tools/hugectl/ldlist.h"

/*
 * Check L, the list of the libraries of the program PROG, whose
 * PT_INTERP is INTERP (el_linkage_read's, whole), at the real path REAL,
 * made with LDPATH and PRELOAD (NULL: unset).  Returns 0, or
 * -1 with WHY naming the file or variable and the string.
 */
int ctl_ldlist_trusted(const struct ctl_ldlist *l, const struct el_file *prog,
		       const char *interp, const char *real, const char *ldpath,
		       const char *preload, char *why, size_t len);

#endif

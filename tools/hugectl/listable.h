/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_LISTABLE_H
#define TOOLS_HUGECTL_LISTABLE_H
/*
 * Whether the dynamic loader may be asked to list a program's libraries
 * (tools/hugectl/ldlist.h) without running code of the program's
 * choosing.  In list mode glibc's loader still loads and runs the audit
 * modules the program names (DT_AUDIT, DT_DEPAUDIT), so a program that
 * names any is not listed; and so that the file checked is the file
 * listed, it must be one no other user can change: the file and every
 * directory on its real path owned by the caller (the effective uid) or
 * root and writable by no one else, a directory with the sticky bit
 * (/tmp) aside.
 */
#include <stddef.h>

#include "elf/file.h"

/*
 * Check the program F, found at PATH, and put its real path, which the
 * loader is then given, into REAL (LEN bytes).  Returns 0, or -1 with
 * WHY saying why it is not listed.
 */
int ctl_listable(const struct el_file *f, const char *path, char *real,
		 size_t len, char *why, size_t whylen);

#endif

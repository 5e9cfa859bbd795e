/* SPDX-License-Identifier: MIT */
#ifndef ELF_DYNAMIC_H
#define ELF_DYNAMIC_H
/*
 * A file's dynamic section, as the dynamic loader reads it: through
 * PT_DYNAMIC, with its strings from the PT_LOAD that holds DT_STRTAB, so
 * that stripped section headers do not matter.  Every offset is checked
 * against the chunk it indexes.
 */
#include <stdbool.h>
#include <stddef.h>

#include "elf/file.h"

struct el_dynamic {
	bool present;		/* a PT_DYNAMIC */
	char **needed;		/* DT_NEEDED names, in order */
	size_t nneeded;
	char *soname;		/* DT_SONAME, or NULL */
	char *rpath;		/* DT_RPATH, or NULL */
	char *runpath;		/* DT_RUNPATH, or NULL */
	bool has_soname;	/* DT_SONAME, even without a string table */
	bool nodeflib;		/* DF_1_NODEFLIB: no cache, no default dirs */
	bool audit;		/* DT_AUDIT or DT_DEPAUDIT: audit modules,
				   which the dynamic loader runs before
				   anything else, even to list the libraries */
	char why[EL_WHY_LEN];	/* why it could not be read, without the
				   file's name */
};

/*
 * Read F's dynamic section into D, which must be zeroed.  Returns 0, or
 * -1 with the cause in D->why, after a warning naming the file unless F
 * was opened quiet (el_open_quiet).  Release with el_dynamic_free either
 * way.
 */
int el_dynamic_read(const struct el_file *f, struct el_dynamic *d);

void el_dynamic_free(struct el_dynamic *d);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LINKER_EDIT_H
#define LINKER_EDIT_H
/*
 * The post-link edit: program-header fields a linker script cannot set.
 * Only p_align and p_flags change, patched in place by the shared writer
 * (elf/write.h); nothing in the file moves.
 */
#include <stddef.h>

#include "linker/output.h"

enum lw_flag {
	LW_FLAG_NONE,
	LW_FLAG_BSS,	/* writable PT_LOADs with nothing in the file */
	LW_FLAG_ALL,	/* every PT_LOAD */
};

struct lw_edit {
	/*
	 * For ET_DYN (PIE, static-pie, shared object): the alignment the
	 * loader must give the load base, set as the first PT_LOAD's p_align
	 * when it starts at file offset 0 and at an address aligned to it.
	 * 0 leaves p_align alone.
	 */
	size_t base_align;
	enum lw_flag flag;
};

/*
 * Apply E to the link's output O (linker/output.h), which must pass the
 * ELF library's checks (elf/file.h, elf/write.h).  A file E leaves as it
 * is is not written.  Returns 0, or -1 after a message (the file may then
 * be partly written; the caller removes it).
 */
int lw_edit_output(const struct lw_output *o, const struct lw_edit *e);

#endif

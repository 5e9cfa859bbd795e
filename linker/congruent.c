/* SPDX-License-Identifier: MIT */
/*
 * The check after GNU ld's first link: see congruent.h.
 */
#include "core/filetext.h"
#include "elf/file.h"
#include "linker/congruent.h"

int lw_congruence_needed(const char *path, size_t page)
{
	struct el_file f;
	int rc = -1;

	if (el_open(&f, path) == 0)
		rc = hl_filetext_needs_layout(f.ph, f.eh.phnum, page);
	el_close(&f);
	return rc;
}

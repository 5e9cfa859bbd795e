/* SPDX-License-Identifier: MIT */
/*
 * The check after GNU ld's first link: see congruent.h.
 */
#include "core/filetext.h"
#include "elf/file.h"
#include "linker/congruent.h"

int lw_congruence_needed(const struct lw_output *o, size_t page)
{
	struct el_file f;
	int rc = -1;

	if (lw_output_read(o, &f) == 0)
		rc = hl_filetext_needs_layout(f.ph, f.eh.phnum, page);
	el_close(&f);
	return rc;
}

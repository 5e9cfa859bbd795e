/* SPDX-License-Identifier: MIT */
/*
 * The check after GNU ld's first link: see congruent.h.
 */
#include <unistd.h>

#include "core/filetext.h"
#include "elf/file.h"
#include "linker/congruent.h"

int lw_congruence_needed(const struct lw_output *o, size_t page)
{
	struct el_file f;
	int fd = lw_output_open(o, 0), rc = -1;

	if (fd < 0)
		return -1;
	if (el_open_fd(&f, o->path, fd) == 0)
		rc = hl_filetext_needs_layout(f.ph, f.eh.phnum, page);
	el_close(&f);
	close(fd);
	return rc;
}

/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGEEDIT_WRITE_H
#define TOOLS_HUGEEDIT_WRITE_H
/*
 * Writing hugeedit's change safely.  The edit goes into a copy, mode
 * 0600, in a directory of its own (mode 0700) made in the same
 * directory, which nobody but its maker can open; it is patched and read
 * back by the shared writer (elf/write.h) and synced; it then takes the
 * original's owner and extended attributes, and last its mode (set-id bits) and
 * file capabilities, and is renamed over the original; the file and the
 * directory are synced last.  A crash at any point leaves either the old
 * file or the new one under the name, never a mix, and never a copy with
 * the original's powers; a failure, SIGHUP, SIGINT or SIGTERM leaves the
 * original untouched and removes the copy and its directory.
 */
#include "core/plan.h"
#include "elf/file.h"

/*
 * Replace the file DIRFD/BASE, which is F (opened on its own descriptor
 * F->fd), with a copy whose program headers are WANT, patched by
 * el_write_phdrs (so WANT differs from F->ph in flags and align only).
 * A file el_write_check refuses is refused before anything is copied.
 * Returns 0, or -1 after a warning naming F.
 */
int edit_replace(const struct el_file *f, int dirfd, const char *base,
	       const struct hl_phdr *want);

#endif

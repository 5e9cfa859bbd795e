#ifndef TOOLS_HUGEEDIT_WRITE_H
#define TOOLS_HUGEEDIT_WRITE_H
/*
 * Writing hugeedit's change safely.  The edit goes into a copy in the
 * same directory, which is patched and read back by the shared writer
 * (elf/write.h), takes the original's owner, mode and extended
 * attributes, is synced, and is renamed over the original; the
 * directory is synced last.  A crash at any point leaves either the old
 * file or the new one under the name, never a mix, and a failure leaves
 * the original untouched.
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
int ed_replace(const struct el_file *f, int dirfd, const char *base,
	       const struct hl_phdr *want);

#endif

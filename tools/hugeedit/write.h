#ifndef TOOLS_HUGEEDIT_WRITE_H
#define TOOLS_HUGEEDIT_WRITE_H
/*
 * Writing hugeedit's change safely.  The edit goes into a copy in the
 * same directory, which takes the original's owner, mode and extended
 * attributes, is read back and checked, synced, and renamed over the
 * original; the directory is synced last.  A crash at any point leaves
 * either the old file or the new one under the name, never a mix, and a
 * failure leaves the original untouched.
 */
#include <stdint.h>

#include "elf/file.h"

/*
 * Check that F's program headers can be edited on their own: their table
 * shares no byte with the ELF header or the section headers.  Returns 0,
 * or -1 after a warning naming F and the cause.
 */
int ed_check(const struct el_file *f);

/*
 * Overwrite the p_flags of each program header I of F, open on FD, with
 * FLAGS[I], in place.  Only those words change.  Returns 0, or -1 after
 * a warning.  The fuzzers call this on a memory file, after ed_check.
 */
int ed_patch(const struct el_file *f, int fd, const uint32_t *flags);

/*
 * Replace the file DIRFD/BASE, which is F (opened on its own descriptor
 * F->fd), with a copy whose p_flags are FLAGS, after ed_check.  Returns
 * 0, or -1 after a warning naming F.
 */
int ed_replace(const struct el_file *f, int dirfd, const char *base,
	       const uint32_t *flags);

#endif

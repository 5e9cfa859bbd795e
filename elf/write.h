/* SPDX-License-Identifier: MIT */
#ifndef ELF_WRITE_H
#define ELF_WRITE_H
/*
 * The one way the wrapper and the tools change an ELF file: p_flags and
 * p_align of chosen program headers, patched in place in the file's
 * class and byte order.  No other byte is written, so nothing moves and
 * bytes that no section covers stay (libelf's writer, elf_update with
 * ELF_F_LAYOUT, drops those).  The headers are then read back through
 * libelf and compared, every field, with what was asked for.
 */
#include "core/plan.h"
#include "elf/file.h"

/*
 * Check that F's program header table can be patched on its own: it
 * shares no byte with the ELF header or the section headers.  Returns
 * 0, or -1 after a warning naming F and the cause.
 */
int el_write_check(const struct el_file *f);

/*
 * Make the program headers of F read as WANT[0..F->eh.phnum), writing
 * through FD, a descriptor open for writing on F's bytes (F's own file,
 * or a copy of it).  WANT may differ from F->ph in flags and align only,
 * and must pass el_check_phdrs; both, and el_write_check, are checked
 * before anything is written.  Only the fields that change are written.
 * Returns 0, or -1 after a warning naming F; after a failed write or
 * read-back the file may be partly written.
 */
int el_write_phdrs(const struct el_file *f, int fd, const struct hl_phdr *want);

#endif

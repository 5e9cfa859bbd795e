/* SPDX-License-Identifier: MIT */
#ifndef ELF_HOTNOTE_H
#define ELF_HOTNOTE_H
/*
 * The hot text's note (core/note.h, HL_NOTE_HOT) in a program file: the
 * wrapper writes it after a link with --hugetlbfs-order, the tools read
 * it to plan as the runtime would.
 */
#include <stdint.h>
#include <sys/types.h>

#include "elf/file.h"

/*
 * Find the note in F's PT_NOTE segments.  Returns the file offset of its
 * range (start, then length, 64 bits each), with *START and *LEN read
 * from it, or -1 when F has no such note.
 */
off_t el_hot_note(const struct el_file *f, uint64_t *start, uint64_t *len);

#endif

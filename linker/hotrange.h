/* SPDX-License-Identifier: MIT */
#ifndef LINKER_HOTRANGE_H
#define LINKER_HOTRANGE_H
/*
 * After a link with --hugetlbfs-order: the range the ordered functions
 * took in the output, from its symbol table, written into the hot note
 * the wrapper linked in (core/note.h, HL_NOTE_HOT).  Only those eight
 * bytes of the descriptor's range change; nothing in the file moves.
 */
#include <stdint.h>

#include "elf/file.h"
#include "linker/argv.h"
#include "linker/output.h"

/*
 * The range [*START, *END) the functions NAMES occupy in F, from its
 * symbol table.  Returns 1, 0 when none of them is there (*START and
 * *END unset), or -1 after a message.
 */
int lw_hotrange_find(struct el_file *f, const struct lw_argv *names,
		     uint64_t *start, uint64_t *end);

/*
 * Fill the hot note of the link's output O with the range the functions
 * NAMES occupy.  Returns 0 (a warning says so when none of them is in the
 * symbol table, and the range stays empty), or -1 after a message naming
 * the file.
 */
int lw_hotrange_write(const struct lw_output *o, const struct lw_argv *names);

#endif

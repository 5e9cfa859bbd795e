/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGEEDIT_FLAGS_H
#define TOOLS_HUGEEDIT_FLAGS_H
/*
 * hugeedit's rules for PF_LINUX_HUGETLB, the flag the runtime follows
 * when HUGETLB_ELFMAP is unset.  Any edit first clears the flag on every
 * PT_LOAD.  --text then sets it on every PT_LOAD that is not writable
 * (text and read-only data alike: the runtime's R class, which is what
 * hugectl --text and HUGETLB_ELFMAP=R select); --data sets it on the
 * writable ones (data and bss, the W class).  Pure.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"

enum {
	EDIT_TEXT = 1,		/* --text */
	EDIT_DATA = 2,		/* --data */
	EDIT_DISABLE = 4,		/* --disable: clear only */
};

/* The p_flags of PT_LOAD P after an edit with MODE, a non-zero ED_ set. */
uint32_t edit_new_flags(const struct hl_phdr *p, unsigned mode);

/* "TEXT" for the segments --text marks, "DATA" for those --data marks. */
const char *edit_class_name(const struct hl_phdr *p);

/*
 * The listing line for PT_LOAD P, program header INDEX, in the words of
 * libhugetlbfs's hugeedit plus the flags:
 *   Segment 2 0x401000 - 0x4011a5 (TEXT) default is BASE pages, flags R-X
 */
void edit_format(char *buf, size_t len, size_t index, const struct hl_phdr *p);

#endif

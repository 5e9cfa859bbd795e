/* SPDX-License-Identifier: MIT */
/*
 * The hot text's note (core/note.h, HL_NOTE_HOT), as an object of its
 * own: the linker wrapper adds it to a link with --hugetlbfs-order and
 * writes the range into it once the output is linked.  It is no part of
 * the runtime (the runtime's partial link does not take it); it is
 * built here because it is read where the runtime reads notes, from the
 * program's PT_NOTE.  "retain" keeps it through --gc-sections.
 */
#include <elf.h>
#include <stdint.h>

#include "core/note.h"

_Static_assert(sizeof(HL_NOTE_OWNER) == 9, "the name's padding below");

static const struct {
	Elf32_Nhdr head;
	char name[12];
	uint32_t abi, zero;
	uint32_t range[4];	/* start and length, 64 bits each, 4-aligned */
} hot_note __attribute__((section(".note.hugelink"), aligned(4), used,
			  retain)) = {
	{ sizeof(HL_NOTE_OWNER), HL_HOT_DESC_SIZE, HL_NOTE_HOT },
	HL_NOTE_OWNER,
	HL_HOT_ABI, 0,
	{ 0, 0, 0, 0 },
};

_Static_assert(sizeof(hot_note) == 12 + 12 + HL_HOT_DESC_SIZE,
	       "a note header, the padded name, the descriptor");

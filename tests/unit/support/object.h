/* SPDX-License-Identifier: MIT */
/*
 * A loaded object for tests of the runtime's reading through program
 * headers: the bytes of its memory and its headers.
 */
#ifndef TESTS_UNIT_SUPPORT_OBJECT_H
#define TESTS_UNIT_SUPPORT_OBJECT_H

#include <elf.h>
#include <stdint.h>
#include <string.h>

#include "core/plan.h"
#include "tests/unit/support/notes.h"

/*
 * An object loaded at the start of MEM: text [0, 0x400), R+X; data
 * [0x400, 0x800), R+W, each from the same offset of its file; and its
 * notes at 0x100, in the text, as a PT_NOTE: the runtime's, whose entry
 * note of ABI leads to TARGET (an offset in MEM).
 */
struct fake_object {
	unsigned char mem[0x800] __attribute__((aligned(8)));
	struct hl_phdr ph[3];
};

static inline void fake_object_make(struct fake_object *f, uint32_t abi,
				    uint64_t target)
{
	size_t n = 0x100;

	memset(f, 0, sizeof(*f));
	put_runtime_notes(f->mem, &n, abi, target);
	f->ph[0] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R | PF_X,
		.vaddr = 0, .filesz = 0x400, .memsz = 0x400, .align = 0x1000 };
	f->ph[1] = (struct hl_phdr){ .type = PT_LOAD, .flags = PF_R | PF_W,
		.offset = 0x400, .vaddr = 0x400, .filesz = 0x400,
		.memsz = 0x400, .align = 0x1000 };
	f->ph[2] = (struct hl_phdr){ .type = PT_NOTE, .flags = PF_R,
		.offset = 0x100, .vaddr = 0x100, .filesz = n - 0x100,
		.align = 4 };
}

#endif

/*
 * One runtime per process: see claim.h.  Reads only loaded program
 * headers and notes, each checked to lie in a readable PT_LOAD of its
 * object before it is read.
 */
#include <elf.h>
#include <link.h>
#include <stdint.h>

#include "core/note.h"
#include "core/version.h"
#include "runtime/claim.h"

/*
 * This copy's note, in a section every linker gathers into a PT_NOTE
 * (the assembler gives a section named .note.* the type SHT_NOTE).
 * rt_claim refers to it, so --gc-sections keeps it.
 */
static const struct {
	Elf32_Nhdr head;
	char name[(sizeof(HL_NOTE_OWNER) + 3) & ~3u];
	char desc[(sizeof(HL_VERSION) + 3) & ~3u];
} rt_note __attribute__((section(".note.hugelink"), aligned(4), used)) = {
	{ sizeof(HL_NOTE_OWNER), sizeof(rt_note.desc), HL_NOTE_RUNTIME },
	HL_NOTE_OWNER,
	HL_VERSION,
};

_Static_assert(sizeof(HL_VERSION) <= HL_NOTE_VERSION_MAX,
	       "the version must fit what the tools read");

struct claim {
	uintptr_t self;		/* this copy's note */
	bool mine;
};

/* True when [VADDR, VADDR + LEN) lies in the file part of a readable
 * PT_LOAD of the object. */
static bool loaded(const struct dl_phdr_info *info, ElfW(Addr) vaddr,
		   ElfW(Xword) len)
{
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		if (p->p_type == PT_LOAD && (p->p_flags & PF_R) &&
		    vaddr >= p->p_vaddr && vaddr - p->p_vaddr <= p->p_filesz &&
		    p->p_filesz - (vaddr - p->p_vaddr) >= len)
			return true;
	}
	return false;
}

static bool carries_runtime(const struct dl_phdr_info *info)
{
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		size_t n;

		if (p->p_type == PT_NOTE && loaded(info, p->p_vaddr, p->p_filesz) &&
		    hl_note_find((const void *)(info->dlpi_addr + p->p_vaddr),
				 p->p_filesz, hl_note_align(p->p_align),
				 HL_NOTE_OWNER, HL_NOTE_RUNTIME, &n))
			return true;
	}
	return false;
}

static bool holds(const struct dl_phdr_info *info, uintptr_t addr)
{
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + p->p_vaddr;

		if (p->p_type == PT_LOAD && addr >= start &&
		    addr - start < p->p_memsz)
			return true;
	}
	return false;
}

/* Stop at the first object that carries the runtime: is it ours? */
static int first_carrier(struct dl_phdr_info *info, size_t size, void *data)
{
	struct claim *c = data;

	(void)size;
	if (!carries_runtime(info))
		return 0;
	c->mine = holds(info, c->self);
	return 1;
}

bool rt_claim(void)
{
	struct claim c = { .self = (uintptr_t)&rt_note, .mine = true };

	dl_iterate_phdr(first_carrier, &c);
	return c.mine;
}

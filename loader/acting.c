/* SPDX-License-Identifier: MIT */
/*
 * One runtime per process: see acting.h.  Reads only loaded program
 * headers and notes, through loader/image.h, and an object's notes only
 * once loader/trust.h has trusted its headers.
 */
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>

#include "core/image.h"
#include "core/note.h"
#include "core/trust.h"
#include "core/version.h"
#include "loader/acting.h"
#include "loader/image.h"
#include "loader/maps.h"
#include "loader/trust.h"

/*
 * This copy's note, in a section every linker gathers into a PT_NOTE
 * (the assembler gives a section named .note.* the type SHT_NOTE).
 * ldr_acting_entry refers to it, so --gc-sections keeps it, and the entry note
 * below with it.
 */
static const struct {
	Elf32_Nhdr head;
	char name[(sizeof(HL_NOTE_OWNER) + 3) & ~3u];
	char desc[(sizeof(HL_VERSION) + 3) & ~3u];
} ldr_note __attribute__((section(".note.hugelink"), aligned(4), used)) = {
	{ sizeof(HL_NOTE_OWNER), sizeof(ldr_note.desc), HL_NOTE_RUNTIME },
	HL_NOTE_OWNER,
	HL_VERSION,
};

_Static_assert(sizeof(HL_VERSION) <= HL_NOTE_VERSION_MAX,
	       "the version must fit what the tools read");
_Static_assert(sizeof(HL_NOTE_OWNER) == 9, "the entry note's name below");
_Static_assert(HL_ENTRY_DESC_SIZE == 16, "the entry note's descriptor below");

/*
 * The entry note (core/note.h).  The distance to ldr_entry is one
 * PC-relative word the linker resolves when it links the object, so it
 * needs no dynamic relocation and the note stays in read-only memory.
 */
#define HL_STR_(x) #x
#define HL_STR(x) HL_STR_(x)
__asm__(".pushsection .note.hugelink,\"a\",@note\n"
	".balign 4\n"
	".long 9, 16, " HL_STR(HL_NOTE_ENTRY) "\n"
	".asciz \"" HL_NOTE_OWNER "\"\n"
	".balign 4\n"
	"1: .long " HL_STR(HL_ENTRY_ABI) ", 0\n"
	".quad ldr_entry - 1b\n"
	".popsection\n");

struct lookup {
	struct hl_maps maps;	/* read once, when an object needs them */
	int maps_read;		/* 0 not yet, 1 read, -1 cannot be */
	ldr_entry_fn *entry;
};

/* The maps, read when first asked for; NULL when they cannot be. */
static const struct hl_maps *lookup_maps(struct lookup *lk)
{
	if (!lk->maps_read)
		lk->maps_read = ldr_maps_read(&lk->maps) ? -1 : 1;
	return lk->maps_read > 0 ? &lk->maps : NULL;
}

/*
 * Whether IMG's headers may be read through to its runtime note: the
 * program the kernel loaded at once, any other object once the maps
 * show its memory, and, when that shows a note, its headers are its
 * file's.  False also when the maps cannot be read.
 */
static bool shows_note(struct lookup *lk, struct ldr_image *img)
{
	const struct hl_maps *m = NULL;
	size_t len;

	if (!ldr_trust_kernel_loaded(img)) {
		m = lookup_maps(lk);
		if (!m || !ldr_trust_memory(m, img) ||
		    !ldr_image_note(img, HL_NOTE_RUNTIME, &len))
			return false;
	}
	return ldr_trust_image(m, img) &&
	       ldr_image_note(img, HL_NOTE_RUNTIME, &len);
}

/* Stop at the first object that carries the runtime: what is its entry
 * point? */
static int first_carrier(struct ldr_image *img, size_t index, void *data)
{
	struct lookup *lk = data;
	const void *entry;

	(void)index;
	/*
	 * Headers not trusted (the vDSO's: it has no file) show no note.
	 * Without the maps no other object can be trusted: each copy acts.
	 */
	if (!img->phnum || !shows_note(lk, img))
		return lk->maps_read < 0;
	if (ldr_image_holds(img, (uintptr_t)&ldr_note)) {
		lk->entry = ldr_entry;
		return 1;
	}
	entry = hl_trust_entry(&lk->maps, img->ph, img->phnum, img->bias,
			       img->trust);
	lk->entry = (ldr_entry_fn *)(uintptr_t)entry;
	return 1;
}

ldr_entry_fn *ldr_acting_entry(struct hl_maps *maps)
{
	struct lookup lk = { .entry = ldr_entry };
	struct ldr_image img;

	maps->text = NULL;
	ldr_image_each(&img, first_carrier, &lk);
	if (lk.maps_read > 0 && lk.entry == ldr_entry)
		*maps = lk.maps;
	else
		ldr_maps_free(&lk.maps);
	return lk.entry;
}

/*
 * This copy's object's ELF header, which the linker defines; weak, so
 * that an object without one still links, with this address 0.
 */
extern const ElfW(Ehdr) __ehdr_start
	__attribute__((weak, visibility("hidden")));

/* Whether IMG's file is named libhugelink.so*: stop there. */
static int shared_runtime(struct ldr_image *img, size_t index, void *data)
{
	static const char shared[] = "libhugelink.so";
	const char *base = strrchr(img->name, '/');

	(void)index;
	(void)data;
	base = base ? base + 1 : img->name;
	return !strncmp(base, shared, sizeof(shared) - 1) &&
	       (!base[sizeof(shared) - 1] || base[sizeof(shared) - 1] == '.');
}

bool ldr_shared_runtime_loaded(void)
{
	struct ldr_image img;

	return ldr_image_each(&img, shared_runtime, NULL) != 0;
}

bool ldr_copy_in_program(void)
{
	const ElfW(Ehdr) *eh = &__ehdr_start;

	return eh && (uintptr_t)eh + eh->e_phoff == getauxval(AT_PHDR);
}

/* SPDX-License-Identifier: MIT */
#ifndef CORE_IMAGE_H
#define CORE_IMAGE_H
/*
 * A loaded object as its program headers describe it: PH (PHNUM headers)
 * and BIAS, as dl_iterate_phdr reports them.  Pure: the runtime
 * (loader/image.c, loader/acting.c), the unit tests and the fuzzers read
 * memory through these alone.  Nothing is read outside the file part of
 * a readable PT_LOAD, and no address is formed outside one.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"

/* True when [VADDR, VADDR + LEN) lies in the file part of a readable
 * PT_LOAD. */
bool hl_image_loaded(const struct hl_phdr *ph, size_t phnum, uint64_t vaddr,
		     uint64_t len);

/* True when the run-time address ADDR lies in the file part of an
 * executable PT_LOAD. */
bool hl_image_executes(const struct hl_phdr *ph, size_t phnum, uintptr_t bias,
		       uintptr_t addr);

/* The Ith header when it is a PT_NOTE whose notes are loaded, else NULL. */
const struct hl_phdr *hl_image_note_segment(const struct hl_phdr *ph,
					    size_t phnum, size_t i);

/*
 * The descriptor of the first hugelink note of TYPE (core/note.h) in the
 * loaded PT_NOTE segments, with *LEN its size; NULL when there is none.
 */
const void *hl_image_note(const struct hl_phdr *ph, size_t phnum,
			  uintptr_t bias, unsigned type, size_t *len);

/*
 * The entry point the object's entry note leads to: only for the ABI
 * this runtime knows (HL_ENTRY_ABI), and only inside an executable
 * PT_LOAD of the same object; NULL otherwise, or when it has none.
 */
const void *hl_image_entry(const struct hl_phdr *ph, size_t phnum,
			   uintptr_t bias);

/*
 * True when the object's dynamic section has text relocations
 * (DT_TEXTREL, or DF_TEXTREL in DT_FLAGS): its read-only segments then
 * differ from one run to the next.
 */
bool hl_image_textrel(const struct hl_phdr *ph, size_t phnum, uintptr_t bias);

/*
 * The object's soname (DT_SONAME), or NULL when it has none or its
 * string does not lie, NUL included, in the file part of a readable
 * PT_LOAD.
 */
const char *hl_image_soname(const struct hl_phdr *ph, size_t phnum,
			    uintptr_t bias);

/*
 * Where the program header table lies in an object's file, from the
 * file's first LEN bytes at EHDR: 0, with *OFF and *SIZE set, when it is
 * an ELF file of this machine's class and byte order whose table holds
 * PHNUM headers of the native size; -1 otherwise.
 */
int hl_image_phdr_table(const void *ehdr, size_t len, size_t phnum,
			uint64_t *off, size_t *size);

/*
 * True when the SIZE bytes at TABLE, a program header table as the file
 * holds it, are the PHNUM headers PH, every field: the headers a loaded
 * object reports (its PT_PHDR may point anywhere) must be its file's.
 * A PT_NOTE of the file may be a PT_NULL in PH, where the runtime set
 * aside a note segment whose pages cannot be read (loader/image.c).
 */
bool hl_image_phdrs_equal(const void *table, size_t size,
			  const struct hl_phdr *ph, size_t phnum);

#endif

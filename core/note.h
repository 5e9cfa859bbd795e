/* SPDX-License-Identifier: MIT */
#ifndef CORE_NOTE_H
#define CORE_NOTE_H
/*
 * ELF notes, as a PT_NOTE segment holds them.  Pure: the runtime passes
 * its loaded notes, hugectl and the ELF library the bytes they read from
 * the program file; all must find the same notes, since the build-id
 * goes into the key of shared files and the runtime's note says who
 * carries the runtime.  Notes are in the byte order of the machine that
 * reads them.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The note every copy of the hugelink runtime carries (.note.hugelink,
 * loader/acting.c): owner "hugelink", type HL_NOTE_RUNTIME, and as
 * descriptor the runtime's version, a NUL-terminated string padded with
 * NULs to a multiple of 4 bytes.  Programs that embed the runtime and
 * libhugelink.so carry it in a PT_NOTE, stripped or not.
 */
#define HL_NOTE_OWNER "hugelink"
#define HL_NOTE_RUNTIME 1u
#define HL_NOTE_VERSION_MAX 32	/* descriptor bytes, the NUL included */

/*
 * The runtime's entry point (loader/acting.h): a second note of the same owner,
 * type HL_NOTE_ENTRY, whose 16-byte descriptor holds a 32-bit ABI number
 * (HL_ENTRY_ABI), 4 bytes of zeros, and the 64-bit signed distance from
 * the descriptor's first byte to the runtime's entry point that moves
 * objects (ldr_entry), fixed at link time.  Each copy of the runtime asks
 * the copy that acts through it.  A new ABI number means a new meaning
 * of the call; an older runtime has no entry point.
 */
#define HL_NOTE_ENTRY 2	/* plain numbers: loader/acting.c's assembly */
#define HL_ENTRY_ABI 1	/* writes them too, and clang's assembler
			   takes no C suffix */
#define HL_ENTRY_DESC_SIZE 16

/*
 * The hot text's range: a note of the same owner, type HL_NOTE_HOT, in
 * the program (or library) itself, not in the runtime: the linker wrapper
 * adds it with --hugetlbfs-order (loader/hotnote.c) and fills it in
 * after the link.  Its 24-byte descriptor holds a 32-bit ABI number
 * (HL_HOT_ABI), 4 bytes of zeros, then the 64-bit link-time address and
 * the 64-bit length of the ordered functions.  A length of 0 means no
 * ordered function was found; an object without the note was linked
 * with no order.
 */
#define HL_NOTE_HOT 3u
#define HL_HOT_ABI 1u
#define HL_HOT_DESC_SIZE 24

/*
 * The range a hot note's descriptor DESC (DESCSZ bytes) gives, into
 * *START and *LEN, when it is of ABI number HL_HOT_ABI; false when it is
 * not, or is malformed.
 */
bool hl_note_hot(const void *desc, size_t descsz, uint64_t *start,
		 uint64_t *len);

/*
 * The distance a entry note's descriptor DESC (DESCSZ bytes) gives, into
 * *OFFSET, when it is of ABI number ABI; false when it is not, or is
 * malformed.
 */
bool hl_note_entry_offset(const void *desc, size_t descsz, unsigned abi,
			 int64_t *offset);

/*
 * The entry point a entry note's descriptor DESC (DESCSZ bytes, at its
 * loaded address) leads to, when it is of ABI number ABI; NULL when it is
 * not, or is malformed.
 */
const void *hl_note_entry(const void *desc, size_t descsz, unsigned abi);

/*
 * The descriptor of the first note of TYPE owned by NAME in the LEN bytes
 * of notes at NOTES, aligned to ALIGN (4 or 8, the segment's p_align);
 * *DESCSZ gets its size.  NULL when there is none or the notes before it
 * are malformed.
 */
const void *hl_note_find(const void *notes, size_t len, size_t align,
			 const char *name, unsigned type, size_t *descsz);

/*
 * Whether every note in the LEN bytes at NOTES (aligned to ALIGN) lies
 * within them: false when a note's name or descriptor runs past the end.
 * Bytes after the last note too few for a note's header are padding.
 */
bool hl_notes_wellformed(const void *notes, size_t len, size_t align);

/*
 * Copy the GNU build-id (NT_GNU_BUILD_ID, name "GNU") from the notes
 * into OUT, at most MAX bytes.  Returns its length, or 0 when there is
 * none, it is longer than MAX, or the notes are malformed.
 */
size_t hl_note_build_id(const void *notes, size_t len, size_t align,
			unsigned char *out, size_t max);

/*
 * When the notes hold the hugelink runtime's note, copy its version
 * into OUT (MAX bytes, NUL-terminated, cut to fit) and return true.
 */
bool hl_note_runtime(const void *notes, size_t len, size_t align,
		     char *out, size_t max);

/*
 * The aarch64 feature bits of the GNU property note (NT_GNU_PROPERTY_TYPE_0,
 * name "GNU", in an ELF64 object's PT_NOTE or PT_GNU_PROPERTY, aligned to
 * 8): the value of its GNU_PROPERTY_AARCH64_FEATURE_1_AND property, with
 * HL_AARCH64_BTI set when every input of the link was built for branch
 * target identification, HL_AARCH64_PAC for return address signing.  0
 * when there is no such note or property, or the notes are malformed.
 */
#define HL_AARCH64_BTI 1u
#define HL_AARCH64_PAC 2u
uint32_t hl_note_aarch64_features(const void *notes, size_t len, size_t align);

/* The alignment of the notes of a PT_NOTE whose p_align is P_ALIGN. */
size_t hl_note_align(unsigned long long p_align);

#endif

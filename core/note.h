#ifndef CORE_NOTE_H
#define CORE_NOTE_H
/*
 * ELF notes, as a PT_NOTE segment holds them.  Pure: the runtime passes
 * its loaded notes, hugectl the bytes it read from the program file; both
 * must find the same build-id, since it goes into the key of shared
 * files.  Notes are in the byte order of the machine that reads them.
 */
#include <stddef.h>

/*
 * Copy the GNU build-id (NT_GNU_BUILD_ID, name "GNU") from the LEN bytes
 * of notes at NOTES, aligned to ALIGN (4 or 8, the segment's p_align),
 * into OUT, at most MAX bytes.  Returns its length, or 0 when there is
 * none, it is longer than MAX, or the notes are malformed.
 */
size_t hl_note_build_id(const void *notes, size_t len, size_t align,
			unsigned char *out, size_t max);

/* The alignment of the notes of a PT_NOTE whose p_align is P_ALIGN. */
size_t hl_note_align(unsigned long long p_align);

#endif

/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <unistd.h>

#include "core/note.h"
#include "elf/hotnote.h"

/* Notes larger than this are not read: no PT_NOTE of ours comes close. */
#define NOTES_MAX (1u << 20)

off_t el_hot_note(const struct el_file *f, uint64_t *start, uint64_t *len)
{
	for (size_t i = 0; f->fd >= 0 && i < f->eh.phnum; i++) {
		const struct hl_phdr *p = &f->ph[i];
		const unsigned char *d;
		unsigned char *buf;
		size_t dlen;
		off_t at = -1;

		if (p->type != PT_NOTE || !p->filesz || p->filesz > NOTES_MAX)
			continue;
		buf = malloc(p->filesz);
		if (buf && pread(f->fd, buf, p->filesz, (off_t)p->offset) ==
			   (ssize_t)p->filesz &&
		    (d = hl_note_find(buf, p->filesz, hl_note_align(p->align),
				      HL_NOTE_OWNER, HL_NOTE_HOT, &dlen)) &&
		    hl_note_hot(d, dlen, start, len))
			at = (off_t)(p->offset + (uint64_t)(d - buf) + 8);
		free(buf);
		if (at >= 0)
			return at;
	}
	return -1;
}

/* SPDX-License-Identifier: MIT */
#ifndef CORE_TEXT_H
#define CORE_TEXT_H
/*
 * Text put together piece by piece in a buffer of fixed size, cut short
 * rather than overrun: a message of the runtime's or of a tool's.
 */
#include <stddef.h>

struct hl_text {
	char *buf;
	size_t len;		/* the buffer's size */
	size_t used;		/* what the pieces took, or would have */
};

/* An empty text in BUF, LEN bytes (none: every piece is cut off). */
void hl_text_init(struct hl_text *t, char *buf, size_t len);

/*
 * Append FMT, formatted as printf does, to T.  What does not fit is cut
 * off; the buffer always ends in a NUL, and nothing more is appended
 * once it is full.
 */
__attribute__((format(printf, 2, 3)))
void hl_text_put(struct hl_text *t, const char *fmt, ...);

#endif

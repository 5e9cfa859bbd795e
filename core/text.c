/* SPDX-License-Identifier: MIT */
/* Text put together in a buffer: see text.h. */
#include <stdarg.h>
#include <stdio.h>

#include "core/text.h"

void hl_text_init(struct hl_text *t, char *buf, size_t len)
{
	*t = (struct hl_text){ .buf = buf, .len = len };
	if (len)
		buf[0] = '\0';
}

void hl_text_put(struct hl_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->used >= t->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
	va_end(ap);
	t->used += n > 0 ? (size_t)n : 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * Page-size parsing and formatting, shared by every part of hugelink.
 * Pure: no allocation, no errno left behind for callers to trip on.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/size.h"

static int shift_for(char c)
{
	switch (c) {
	case 'k': case 'K': return 10;
	case 'm': case 'M': return 20;
	case 'g': case 'G': return 30;
	default:            return -1;
	}
}

/*
 * Read the size written at the start of S: its number (as strtoull with
 * base 0 reads it) into *V, or 0 when it overflows; the shift of its
 * unit, K, M or G, into *SHIFT (0 without one); then a B.  Returns where
 * it ends, or NULL when S does not start with a digit.  errno is left as
 * it was.
 */
static const char *scan(const char *s, unsigned long long *v, int *shift)
{
	char *end;
	int saved = errno;

	if (!s || *s < '0' || *s > '9')
		return NULL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno)
		*v = 0;
	errno = saved;
	*shift = shift_for(*end);
	if (*shift >= 0)
		end++;
	else
		*shift = 0;
	if (*end == 'b' || *end == 'B')
		end++;
	return end;
}

int hl_parse_bytes(const char *s, size_t *out)
{
	unsigned long long v;
	int shift;
	const char *end = scan(s, &v, &shift);

	if (!end || *end || v == 0 || v > (SIZE_MAX >> shift))
		return -1;
	*out = (size_t)(v << shift);
	return 0;
}

size_t hl_size_span(const char *s)
{
	unsigned long long v;
	int shift;
	const char *end = scan(s, &v, &shift);

	return end ? (size_t)(end - s) : 0;
}

int hl_parse_size(const char *s, size_t *out)
{
	size_t v;

	if (hl_parse_bytes(s, &v) || (v & (v - 1)))
		return -1;
	*out = v;
	return 0;
}

char *hl_format_size(size_t size, char *buf, size_t len)
{
	static const char unit[] = "KMG";
	int i;

	for (i = 2; i >= 0; i--) {
		size_t u = (size_t)1 << (10 * (i + 1));

		if (size >= u && size % u == 0) {
			snprintf(buf, len, "%zu%c", size / u, unit[i]);
			return buf;
		}
	}
	snprintf(buf, len, "%zu", size);
	return buf;
}

size_t hl_pmd_size(size_t base)
{
	return base * (base / 8);
}

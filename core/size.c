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

int hl_parse_bytes(const char *s, size_t *out)
{
	unsigned long long v;
	char *end;
	int saved = errno, shift = 0;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno) {
		errno = saved;
		return -1;
	}
	errno = saved;
	if (*end && (shift = shift_for(*end)) >= 0)
		end++;
	else
		shift = 0;
	if (*end == 'b' || *end == 'B')
		end++;
	if (*end || v == 0 || v > (SIZE_MAX >> shift))
		return -1;
	*out = (size_t)(v << shift);
	return 0;
}

size_t hl_size_span(const char *s)
{
	char *end;
	int saved = errno;

	if (*s < '0' || *s > '9')
		return 0;
	(void)strtoull(s, &end, 0);
	errno = saved;
	if (shift_for(*end) >= 0)
		end++;
	if (*end == 'b' || *end == 'B')
		end++;
	return (size_t)(end - s);
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

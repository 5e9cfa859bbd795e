/* SPDX-License-Identifier: MIT */
/*
 * Amounts in words: see words.h.
 */
#include <stdio.h>

#include "tools/hugectl/words.h"

const char *ctl_bytes_text(uint64_t n, char *buf, size_t len)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB" };
	double x = (double)n;
	int u = -1;

	while (x >= 1024 && u < 3) {
		x /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu byte%s", (unsigned long long)n,
			 n == 1 ? "" : "s");
	else
		snprintf(buf, len, "%.1f %s", x, unit[u]);
	return buf;
}

/* SPDX-License-Identifier: MIT */
/*
 * Amounts in words: see words.h.
 */
#include <stdio.h>

#include "core/size.h"
#include "elf/simulate.h"
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

const char *ctl_pages_text(const struct hl_plan *plan, char *buf, size_t len)
{
	struct el_pages p;
	char size[32];
	size_t used = 0;

	el_sim_pages(plan, &p);
	buf[0] = '\0';
	for (int k = 0; k < p.n && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used,
				 "%s%zu page%s of %s",
				 k ? " and " : "", p.count[k],
				 p.count[k] == 1 ? "" : "s",
				 hl_format_size(p.page[k], size, sizeof(size)));
	return buf;
}

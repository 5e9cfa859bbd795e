/* SPDX-License-Identifier: MIT */
/*
 * HUGELINK_FAULT: see fault.h.
 */
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "loader/fault.h"
#include "machine/env.h"

const char *ldr_fault_read(struct ldr_fault *f, bool secure)
{
	static bool warned;
	const char *v = secure ? NULL : mach_env_get("HUGELINK_FAULT", NULL);

	memset(f, 0, sizeof(*f));
	if (!v)
		return NULL;
	if (!strcmp(v, "reserve"))
		f->reserve = true;
	else if (!strcmp(v, "thp-small"))
		f->thp_small = true;
	else if (!strcmp(v, "swap"))
		f->commit = REMAP_FAULT_SWAP;
	else if (!strcmp(v, "swap-unmapped"))
		f->commit = REMAP_FAULT_SWAP_UNMAPPED;
	else if (!strcmp(v, "recover"))
		f->commit = REMAP_FAULT_RECOVER;
	else if (!strcmp(v, "no-hugetlb-mremap"))
		f->commit = REMAP_FAULT_NO_HUGETLB_MREMAP;
	else if (!strncmp(v, "wait:", 5))
		strncpy(f->wait_reserve, v + 5, sizeof(f->wait_reserve) - 1);
	else if (!strncmp(v, "wait-commit:", 12))
		strncpy(f->wait_commit, v + 12, sizeof(f->wait_commit) - 1);
	else if (!strncmp(v, "wait-publish:", 13))
		strncpy(f->wait_publish, v + 13, sizeof(f->wait_publish) - 1);
	else if (!warned) {
		warned = true;
		return v;
	}
	return NULL;
}

void ldr_fault_wait(const char *path)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };

	for (int i = 0; path[0] && i < 6000; i++) {
		if (access(path, F_OK) == 0)
			return;
		nanosleep(&tick, NULL);
	}
}

/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_THP_H
#define MACHINE_THP_H
/*
 * Whether this process can have transparent huge pages (THP) for an
 * anonymous range it advises MADV_HUGEPAGE, and in which size.  THP is
 * usable when the kernel has it, the administrator has not set it to
 * "never" (system-wide or for the PMD size), and the process has not
 * turned it off with prctl(PR_SET_THP_DISABLE).  "always" and "madvise"
 * both do: the runtime advises its ranges.
 */
#include <stdbool.h>
#include <stddef.h>

#define MACH_SYSFS_THP "/sys/kernel/mm/transparent_hugepage"

struct mach_thp {
	size_t page;		/* THP's page size when usable, else 0 */
	char why[320];		/* why THP is not usable, when page is 0 */
};

/*
 * Read it for this process from DIR (MACH_SYSFS_THP).  PROCESS_ALLOWS is
 * false when the process has turned THP off with
 * prctl(PR_SET_THP_DISABLE): THP_enabled in /proc/self/status
 * (machine/status.h).
 */
void mach_thp_read(struct mach_thp *t, const char *dir, bool process_allows);

/*
 * The setting an "enabled" file shows, the word in brackets ("always
 * [madvise] never" gives "madvise"), into OUT.  Pure.  Returns 0, or -1
 * when TEXT has no bracketed word that fits.
 */
int mach_thp_setting(const char *text, char *out, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
/* The calling thread's page faults: see faults.h. */
#include <sys/resource.h>

#include "machine/faults.h"

long mach_faults(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return -1;
	return ru.ru_minflt + ru.ru_majflt;
}

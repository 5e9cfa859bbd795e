/* SPDX-License-Identifier: MIT */
/*
 * The process's memory-deny-write-execute state: see mdwe.h.  The
 * values are the kernel's (include/uapi/linux/prctl.h), spelled out for
 * older headers.
 */
#include <sys/prctl.h>

#include "machine/mdwe.h"

#ifndef PR_GET_MDWE
#define PR_GET_MDWE 66
#endif
#ifndef PR_MDWE_REFUSE_EXEC_GAIN
#define PR_MDWE_REFUSE_EXEC_GAIN (1UL << 0)
#endif

bool mach_mdwe_refuses_exec(void)
{
	int flags = prctl(PR_GET_MDWE, 0L, 0L, 0L, 0L);

	return flags > 0 && (flags & PR_MDWE_REFUSE_EXEC_GAIN);
}

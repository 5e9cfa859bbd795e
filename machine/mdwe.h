/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_MDWE_H
#define MACHINE_MDWE_H
/*
 * Whether this process may not make memory executable that was not:
 * prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN) (Linux 6.3), which
 * systemd's MemoryDenyWriteExecute=yes sets where the kernel has it, and
 * which children inherit.  A copy of text onto huge pages is made
 * writable, filled, then made executable, so it cannot be had then.
 */
#include <stdbool.h>

/* True when PR_GET_MDWE says so; false where the kernel has no MDWE. */
bool mach_mdwe_refuses_exec(void);

#endif

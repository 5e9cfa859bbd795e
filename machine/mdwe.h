/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_MDWE_H
#define MACHINE_MDWE_H
/*
 * Whether this process may not make memory executable that was not:
 * prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN) (Linux 6.3), which
 * systemd's MemoryDenyWriteExecute=yes sets where the kernel has it, and
 * which children inherit; or a seccomp filter or security module that
 * refuses mprotect(PROT_EXEC) of anonymous memory.  A copy of text onto
 * huge pages is made writable, filled, then made executable, and the
 * swap runs from such a copy of its own code, so neither can be had then.
 */
#include <stdbool.h>

/* True when PR_GET_MDWE says so; false where the kernel has no MDWE. */
bool mach_mdwe_refuses_exec(void);

/*
 * Whether this process may not make anonymous memory executable, as a
 * copy of text and the swap need: under MDWE (then *ERR is 0), or where
 * mprotect(PROT_EXEC) of a page mapped for the trial is refused, as a
 * seccomp filter or a security module (SELinux without execmem) refuses
 * it (then *ERR is its errno).
 */
bool mach_exec_refused(int *err);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Whether the process may make memory executable: see mdwe.h.  The
 * values are the kernel's (include/uapi/linux/prctl.h), spelled out for
 * older headers.
 */
#include <errno.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

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

bool mach_exec_refused(int *err)
{
	size_t len = (size_t)sysconf(_SC_PAGESIZE);
	void *page;

	*err = 0;
	if (mach_mdwe_refuses_exec())
		return true;
	page = mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return false;
	if (mprotect(page, len, PROT_READ | PROT_EXEC))
		*err = errno;
	munmap(page, len);
	return *err == EACCES || *err == EPERM;
}

/* SPDX-License-Identifier: MIT */
/* Whether fd 2 is still the standard error noted: see remap.h. */
#include <fcntl.h>
#include <linux/stat.h>

#include "arch/raw.h"
#include "remap/remap.h"

int remap_stderr_same(const struct remap_stderr *e)
{
	struct statx sx;

	if (e->fd < 0 ||
	    raw_syscall6(SYS_statx, e->fd, (long)"", AT_EMPTY_PATH, STATX_INO,
			 (long)&sx, 0))
		return 0;
	return sx.stx_dev_major == e->dev_major &&
	       sx.stx_dev_minor == e->dev_minor && sx.stx_ino == e->ino;
}

/* SPDX-License-Identifier: MIT */
/* The standard error noted, and whether fd 2 is still it: see remap.h. */
#include <errno.h>
#include <fcntl.h>
#include <linux/stat.h>
#include <signal.h>

#include "arch/raw.h"
#include "remap/remap.h"

int remap_stderr_stat(int fd, struct statx *sx)
{
	unsigned mask = STATX_TYPE | STATX_INO;

	return raw_syscall6(SYS_statx, fd, (long)"", AT_EMPTY_PATH, mask,
			    (long)sx, 0) == 0 &&
	       (sx->stx_mask & mask) == mask ? 0 : -1;
}

int remap_stderr_same(const struct remap_stderr *e)
{
	struct statx sx;

	if (e->fd < 0 || remap_stderr_stat(e->fd, &sx))
		return 0;
	return sx.stx_dev_major == e->dev_major &&
	       sx.stx_dev_minor == e->dev_minor && sx.stx_ino == e->ino;
}

int remap_stderr_write(int fd, const void *buf, size_t len)
{
	const uint64_t pipe = 1ULL << (SIGPIPE - 1);
	uint64_t old = 0, pending = 0, now = 0;
	int blocked = !raw_sigprocmask(SIG_BLOCK, &pipe, &old);
	long r;

	if (blocked && raw_sigpending(&pending))
		pending = pipe;		/* cannot tell: take nothing away */
	r = raw_write(fd, buf, len);
	/* Asked after the write, not told by its result: a write larger
	 * than a pipe's atomic size that its reader leaves midway returns
	 * what it wrote, and raises SIGPIPE all the same. */
	if (blocked && !(pending & pipe) && !raw_sigpending(&now) &&
	    (now & pipe))
		raw_sigtake(&pipe);
	if (blocked)
		raw_sigprocmask(SIG_SETMASK, &old, NULL);
	return r == (long)len ? 0 : -1;
}

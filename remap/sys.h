#ifndef HL_SYS_H
#define HL_SYS_H
/*
 * The commit window's mini-libc: prefixed raw system calls and a copy
 * loop, all inline, all returning -errno rather than touching errno.
 * The per-architecture part is arch/<arch>/syscall_arch.h.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>

#include "syscall_arch.h"

HL_SYS_INLINE long hl_sys_mmap(void *addr, size_t len, int prot, int flags,
			       int fd, long off)
{
	return hl_syscall6(SYS_mmap, (long)addr, (long)len, prot, flags, fd, off);
}

HL_SYS_INLINE long hl_sys_munmap(void *addr, size_t len)
{
	return hl_syscall6(SYS_munmap, (long)addr, (long)len, 0, 0, 0, 0);
}

HL_SYS_INLINE long hl_sys_mprotect(void *addr, size_t len, int prot)
{
	return hl_syscall6(SYS_mprotect, (long)addr, (long)len, prot, 0, 0, 0);
}

HL_SYS_INLINE long hl_sys_mremap(void *old, size_t len, int flags, void *new)
{
	return hl_syscall6(SYS_mremap, (long)old, (long)len, (long)len, flags,
			   (long)new, 0);
}

HL_SYS_INLINE long hl_sys_pread(int fd, void *buf, size_t len, long off)
{
	return hl_syscall6(SYS_pread64, fd, (long)buf, (long)len, off, 0, 0);
}

HL_SYS_INLINE long hl_sys_open(const char *path, int flags)
{
	return hl_syscall6(SYS_openat, -100 /* AT_FDCWD */, (long)path, flags,
			   0, 0, 0);
}

HL_SYS_INLINE long hl_sys_read(int fd, void *buf, size_t len)
{
	return hl_syscall6(SYS_read, fd, (long)buf, (long)len, 0, 0, 0);
}

HL_SYS_INLINE long hl_sys_close(int fd)
{
	return hl_syscall6(SYS_close, fd, 0, 0, 0, 0, 0);
}

HL_SYS_INLINE long hl_sys_write(int fd, const void *buf, size_t len)
{
	return hl_syscall6(SYS_write, fd, (long)buf, (long)len, 0, 0, 0);
}

/* SET is a kernel sigset: 8 bytes on every architecture we build for. */
HL_SYS_INLINE long hl_sys_sigprocmask(int how, const uint64_t *set,
				      uint64_t *old)
{
	return hl_syscall6(SYS_rt_sigprocmask, how, (long)set, (long)old, 8, 0, 0);
}

/* The kernel's struct sigaction with the default handler. */
HL_SYS_INLINE long hl_sys_sigdefault(int sig)
{
	unsigned long act[4] = { 0, 0, 0, 0 };	/* SIG_DFL, flags, restorer, mask */

	return hl_syscall6(SYS_rt_sigaction, sig, (long)act, 0, 8, 0, 0);
}

HL_SYS_INLINE long hl_sys_getpid(void)
{
	return hl_syscall6(SYS_getpid, 0, 0, 0, 0, 0, 0);
}

HL_SYS_INLINE long hl_sys_kill(long pid, int sig)
{
	return hl_syscall6(SYS_kill, pid, sig, 0, 0, 0, 0);
}

HL_SYS_INLINE long hl_sys_exit_group(int status)
{
	return hl_syscall6(SYS_exit_group, status, 0, 0, 0, 0, 0);
}

HL_SYS_INLINE uint64_t hl_sys_now_ns(void)
{
	long ts[2] = { 0, 0 };

	hl_syscall6(SYS_clock_gettime, 1 /* CLOCK_MONOTONIC */, (long)ts,
		    0, 0, 0, 0);
	return (uint64_t)ts[0] * 1000000000u + (uint64_t)ts[1];
}

#endif

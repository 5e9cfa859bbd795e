/* SPDX-License-Identifier: MIT */
#ifndef ARCH_RAW_H
#define ARCH_RAW_H
/*
 * A mini-libc for code that may not call libc: the commit window and the
 * fork guard's child.  Prefixed raw system calls and a copy loop, all
 * inline, all returning -errno rather than touching errno.  The
 * per-architecture part is arch/<arch>/syscall_arch.h, chosen by the
 * compiler's target.  This header and those include nothing of
 * hugelink's: arch/ is a leaf.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>

#if defined(__x86_64__)
#include "arch/x86_64/syscall_arch.h"
#elif defined(__aarch64__)
#include "arch/aarch64/syscall_arch.h"
#else
#error "hugelink has no raw system calls for this architecture (arch/)"
#endif

/* Whether R, a value one of the calls below returned, is an error: the
 * kernel's -4095 to -1 (an address mmap returns may look negative). */
RAW_INLINE int raw_failed(long r)
{
	return r < 0 && r > -4096;
}

RAW_INLINE long raw_mmap(void *addr, size_t len, int prot, int flags,
			       int fd, long off)
{
	return raw_syscall6(SYS_mmap, (long)addr, (long)len, prot, flags,
			    fd, off);
}

RAW_INLINE long raw_munmap(void *addr, size_t len)
{
	return raw_syscall6(SYS_munmap, (long)addr, (long)len, 0, 0, 0, 0);
}

RAW_INLINE long raw_mprotect(void *addr, size_t len, int prot)
{
	return raw_syscall6(SYS_mprotect, (long)addr, (long)len, prot, 0, 0, 0);
}

RAW_INLINE long raw_mremap(void *old, size_t len, int flags, void *new)
{
	return raw_syscall6(SYS_mremap, (long)old, (long)len, (long)len, flags,
			   (long)new, 0);
}

/* Advice values older libc headers lack (Linux 5.14 and 6.1). */
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

RAW_INLINE long raw_madvise(void *addr, size_t len, int advice)
{
	return raw_syscall6(SYS_madvise, (long)addr, (long)len, advice,
			    0, 0, 0);
}

RAW_INLINE long raw_pread(int fd, void *buf, size_t len, long off)
{
	return raw_syscall6(SYS_pread64, fd, (long)buf, (long)len, off, 0, 0);
}

RAW_INLINE long raw_read(int fd, void *buf, size_t len)
{
	return raw_syscall6(SYS_read, fd, (long)buf, (long)len, 0, 0, 0);
}

RAW_INLINE long raw_close(int fd)
{
	return raw_syscall6(SYS_close, fd, 0, 0, 0, 0, 0);
}

RAW_INLINE long raw_write(int fd, const void *buf, size_t len)
{
	return raw_syscall6(SYS_write, fd, (long)buf, (long)len, 0, 0, 0);
}

/* SET is a kernel sigset: 8 bytes on every architecture we build for. */
RAW_INLINE long raw_sigprocmask(int how, const uint64_t *set,
				      uint64_t *old)
{
	return raw_syscall6(SYS_rt_sigprocmask, how, (long)set, (long)old,
			    8, 0, 0);
}

/* SET is a kernel sigset, as above. */
RAW_INLINE long raw_sigpending(uint64_t *set)
{
	return raw_syscall6(SYS_rt_sigpending, (long)set, 8, 0, 0, 0, 0);
}

/* Take a signal of SET that is pending, without waiting: the signal, or
 * -EAGAIN when none is. */
RAW_INLINE long raw_sigtake(const uint64_t *set)
{
	long zero[2] = { 0, 0 };	/* struct timespec */

	return raw_syscall6(SYS_rt_sigtimedwait, (long)set, 0, (long)zero, 8,
			    0, 0);
}

/* The kernel's struct sigaction with the default handler. */
RAW_INLINE long raw_sigdefault(int sig)
{
	/* SIG_DFL, flags, restorer, mask */
	unsigned long act[4] = { 0, 0, 0, 0 };

	return raw_syscall6(SYS_rt_sigaction, sig, (long)act, 0, 8, 0, 0);
}

RAW_INLINE long raw_getpid(void)
{
	return raw_syscall6(SYS_getpid, 0, 0, 0, 0, 0, 0);
}

RAW_INLINE long raw_kill(long pid, int sig)
{
	return raw_syscall6(SYS_kill, pid, sig, 0, 0, 0, 0);
}

RAW_INLINE long raw_exit_group(int status)
{
	return raw_syscall6(SYS_exit_group, status, 0, 0, 0, 0, 0);
}

RAW_INLINE uint64_t raw_now_ns(void)
{
	long ts[2] = { 0, 0 };

	raw_syscall6(SYS_clock_gettime, 1 /* CLOCK_MONOTONIC */, (long)ts,
		    0, 0, 0, 0);
	return (uint64_t)ts[0] * 1000000000u + (uint64_t)ts[1];
}

#endif

/* SPDX-License-Identifier: MIT */
#ifndef ARCH_X86_64_SYSCALL_ARCH_H
#define ARCH_X86_64_SYSCALL_ARCH_H
/*
 * Raw system calls for x86_64.  They return the kernel's value: a result,
 * or -errno.  No libc, no errno, no PLT: safe in the commit window.
 */
#define RAW_INLINE static inline __attribute__((always_inline))

RAW_INLINE long raw_syscall6(long n, long a, long b, long c, long d,
			       long e, long f)
{
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8),
			   "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

/* Copy N bytes; rep movsb is fast on every CPU with ERMS. */
RAW_INLINE void raw_copy(void *dst, const void *src, unsigned long n)
{
	__asm__ volatile("rep movsb"
			 : "+D"(dst), "+S"(src), "+c"(n)
			 :
			 : "memory");
}

/* Instruction fetch sees stores to code on x86-64 without help. */
RAW_INLINE void raw_sync_icache(void *start, unsigned long n)
{
	(void)start;
	(void)n;
}

/* x86-64 has no guarded pages. */
#define RAW_PROT_BTI 0

#endif

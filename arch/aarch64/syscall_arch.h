/* SPDX-License-Identifier: MIT */
#ifndef ARCH_AARCH64_SYSCALL_ARCH_H
#define ARCH_AARCH64_SYSCALL_ARCH_H
/*
 * Raw system calls for aarch64.  They return the kernel's value: a result,
 * or -errno.  No libc, no errno, no PLT: safe in the commit window.
 */
#define RAW_INLINE static inline __attribute__((always_inline))

RAW_INLINE long raw_syscall6(long n, long a, long b, long c, long d,
			       long e, long f)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e;
	register long x5 __asm__("x5") = f;

	__asm__ volatile("svc 0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	return x0;
}

/* Copy N bytes, a word at a time where both ends allow it. */
RAW_INLINE void raw_copy(void *dst, const void *src, unsigned long n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((((unsigned long)d | (unsigned long)s | n) & 7) == 0) {
		for (; n; n -= 8, d += 8, s += 8)
			*(volatile unsigned long *)d =
				*(const unsigned long *)s;
		return;
	}
	for (; n; n--)
		*(volatile unsigned char *)d++ = *s++;
}

/*
 * Make the instructions written to [START, START + N) visible to
 * instruction fetch, as libgcc's __clear_cache does, without calling
 * it: clean each data cache line to the point of unification, then
 * invalidate each instruction cache line, with the line sizes CTR_EL0
 * gives (user space may read it; the kernel emulates the read where it
 * must).  CTR_EL0.IDC or DIC say a step is not needed.
 */
RAW_INLINE void raw_sync_icache(void *start, unsigned long n)
{
	unsigned long ctr, line, a;
	unsigned long from = (unsigned long)start, to = from + n;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	if (!(ctr & (1ul << 28))) {
		line = 4ul << ((ctr >> 16) & 15);
		for (a = from & ~(line - 1); a < to; a += line)
			__asm__ volatile("dc cvau, %0" : : "r"(a) : "memory");
	}
	__asm__ volatile("dsb ish" : : : "memory");
	if (!(ctr & (1ul << 29))) {
		line = 4ul << (ctr & 15);
		for (a = from & ~(line - 1); a < to; a += line)
			__asm__ volatile("ic ivau, %0" : : "r"(a) : "memory");
		__asm__ volatile("dsb ish" : : : "memory");
	}
	__asm__ volatile("isb" : : : "memory");
}

/* PROT_BTI: guarded pages, whose indirect branches must land on BTI
 * instructions; the kernel's ELF loader and ld.so set it on the text of
 * BTI-marked objects, and so must a mapping that replaces such text. */
#define RAW_PROT_BTI 0x10

#endif

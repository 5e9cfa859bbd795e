/* SPDX-License-Identifier: MIT */
/*
 * itlb: a program whose text does not fit the instruction TLB.
 *
 * It stands for a large server or interpreter: thousands of functions
 * spread over tens of MiB of text, called in an order that neither the
 * branch predictor nor the prefetchers can learn.  Each function starts on
 * a 4 KiB page of its own, so on base pages nearly every call needs a page
 * walk; on 2 MiB pages a handful of TLB entries cover the whole text.
 *
 *     itlb [MILLIONS]     make MILLIONS million calls (default 20)
 *
 * It prints the page size the kernel gives its text (from
 * /proc/self/smaps), the time the calls took, and a checksum it verifies
 * in plain C, so a wrong call cannot go unnoticed.
 *
 * The text is written by the assembler, not the compiler, so that the
 * build stays fast: what matters to the TLB is where the code lies, not
 * what it does.  NFUNC (at most 65536, the largest immediate every body
 * can take) and FUNC_BYTES may be set at build time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

#ifndef NFUNC
#define NFUNC 8192
#endif
/* A page and a cache line: every function on its own page, and the
 * functions' first lines spread over all the cache's sets. */
#ifndef FUNC_BYTES
#define FUNC_BYTES 4160
#endif

#if NFUNC > 65536
#error "NFUNC must be at most 65536"
#endif

#define STR_(x) #x
#define STR(x) STR_(x)

/*
 * Function i returns 3 * x + i.  The rest of its FUNC_BYTES is filled
 * with instructions that trap, the way a real function's cold paths fill
 * its pages without being run.
 */
#if defined(__x86_64__)
#define BODY "lea hl_i(%rdi,%rdi,2), %rax\n\tret\n"
#define FILLER "0xcc"
#elif defined(__aarch64__)
#define BODY "add x0, x0, x0, lsl #1\n\tmovz x1, #hl_i\n\t" \
	     "add x0, x0, x1\n\tret\n"
#define FILLER "0"
#else
#error "itlb.c has function bodies for x86-64 and AArch64 only"
#endif

__asm__(".pushsection .text.itlb,\"ax\",%progbits\n"
	".balign 4096\n"
	".globl itlb_funcs\n"
	"itlb_funcs:\n"
	".set hl_i, 0\n"
	".rept " STR(NFUNC) "\n"
	"1:\t" BODY
	"\t.fill " STR(FUNC_BYTES) " - (. - 1b), 1, " FILLER "\n"
	"\t.set hl_i, hl_i + 1\n"
	".endr\n"
	".popsection\n");
extern const unsigned char itlb_funcs[];

typedef uint64_t func(uint64_t);

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int main(int argc, char **argv)
{
	long calls = (argc > 1 ? atof(argv[1]) : 20) * 1e6;
	uint64_t seed = 42, x = 1, want = 1;
	double t0, ms;

	t0 = now_ms();
	for (long n = 0; n < calls; n++) {
		unsigned i = xorshift(&seed) % NFUNC;

		x = ((func *)(uintptr_t)(itlb_funcs +
					 (size_t)i * FUNC_BYTES))(x);
	}
	ms = now_ms() - t0;
	/* After the calls: text served from the page cache is mapped with
	 * a PMD as each huge page of it is first touched. */
	print_pages("text", itlb_funcs, (size_t)NFUNC * FUNC_BYTES);
	seed = 42;
	for (long n = 0; n < calls; n++)
		want = 3 * want + xorshift(&seed) % NFUNC;
	return finish("calls", calls, ms, "checksum", x, want);
}

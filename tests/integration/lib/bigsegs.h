/* SPDX-License-Identifier: MIT */
/*
 * bigsegs.h: MB megabytes (3 by default) each of text, rodata, data and
 * bss for a test program or library, made by the assembler so builds
 * stay fast: big_text is all "ret" instructions of the target (x86-64's
 * 0xc3, aarch64's 0xd65f03c0), so calling it returns; big_ro 0x5a,
 * big_data 0xa5, big_bss zeros.  The symbols are hidden, so that a
 * library does not export them.  Include it once, in one file.
 */
#ifndef TESTS_INTEGRATION_LIB_BIGSEGS_H
#define TESTS_INTEGRATION_LIB_BIGSEGS_H

#include <stddef.h>

#ifndef MB
#define MB 3
#endif
#define SZ ((size_t)MB << 20)

#define HC_STR_(x) #x
#define HC_STR(x) HC_STR_(x)
#if defined(__aarch64__)
#define HC_RET_FILL "262144, 4, 0xd65f03c0"
#else
#define HC_RET_FILL "1048576, 1, 0xc3"
#endif
__asm__(".section .text.bigsegs,\"ax\",@progbits\n"
	".globl big_text\n.hidden big_text\nbig_text:\n"
	".fill " HC_STR(MB) " * " HC_RET_FILL "\n"
	".section .rodata.bigsegs,\"a\",@progbits\n"
	".globl big_ro\n.hidden big_ro\nbig_ro:\n"
	".fill " HC_STR(MB) " * 1048576, 1, 0x5a\n"
	".data\n.globl big_data\n.hidden big_data\nbig_data:\n"
	".fill " HC_STR(MB) " * 1048576, 1, 0xa5\n"
	".text\n");
extern unsigned char big_text[], big_ro[], big_data[];
static unsigned char big_bss[SZ];

#endif

/* SPDX-License-Identifier: MIT */
/*
 * small: a program whose segments each hold less than one 2 MiB page:
 * 256 KiB of text (TEXT_WORDS instructions: more with -DTEXT_WORDS=N),
 * 128 KiB of data and 128 KiB of bss.  It reports the page size backing
 * each ("text 64"), and the middle of the text ("text-mid 32768"), from
 * /proc/self/smaps (hugecheck.h), and whether the text's mapping is guarded for
 * branch target identification ("text-bt yes", VmFlags "bt").  Then it makes
 * indirect calls into its text, which on guarded pages trap unless they
 * land on a BTI instruction, checks every byte, and prints "ok".
 */
#include <stdio.h>
#include <string.h>

#include "hugecheck.h"

#define KB128 (128u << 10)
#ifndef TEXT_WORDS
#define TEXT_WORDS 65536
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

__asm__(".section .text.small,\"ax\",%progbits\n"
	".globl small_text\n.hidden small_text\nsmall_text:\n"
	".fill " STR(TEXT_WORDS) ", 4, 0xd503201f\n"	/* nop */
	".text\n");
extern unsigned char small_text[];
static unsigned char data[KB128] = { 1 };
static unsigned char bss[KB128];

/* Called only through a pointer: with BTI it starts with "bti c". */
__attribute__((noinline)) static int twice(int x)
{
	return 2 * x;
}

int (*volatile call)(int) = twice;

int main(void)
{
	int bad = 0;

	memset(data + 1, 0xa5, KB128 - 1);
	memset(bss, 0x5a, KB128);
	hc_report("text", small_text, TEXT_WORDS * 4);
	hc_report("text-mid", small_text + TEXT_WORDS * 2, 1);
	hc_report("data", data, KB128);
	hc_report("bss", bss, KB128);
	printf("text-bt %s\n", hc_vmflag(small_text, 1, "bt") ? "yes" : "no");
	for (int i = 0; i < 1000; i++)
		bad |= call(i) != 2 * i;
	bad |= data[0] != 1 || data[KB128 - 1] != 0xa5 ||
	       bss[KB128 - 1] != 0x5a;
	for (size_t i = 0; i < (size_t)TEXT_WORDS * 4; i += 4)
		bad |= memcmp(small_text + i, "\x1f\x20\x03\xd5", 4) != 0;
	printf(bad ? "BAD contents\n" : "ok\n");
	return bad;
}

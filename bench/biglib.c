/* SPDX-License-Identifier: MIT */
/*
 * biglib: a shared library made of MIB MiB of text (32 by default) and
 * little else, for timing the start of a program whose text lives in a
 * library, as Debian's clang keeps its compiler in libLLVM.  libmain is
 * that program.
 */
#include <stddef.h>

#ifndef MIB
#define MIB 32
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

__asm__(".pushsection .text.biglib,\"ax\",%progbits\n"
	".globl biglib_code\n.hidden biglib_code\nbiglib_code:\n"
	".fill " STR(MIB) " * 1048576, 1, 0\n"
	".popsection\n");
extern const char biglib_code[];

const void *biglib_text(void);
size_t biglib_size(void);

const void *biglib_text(void)
{
	return biglib_code;
}

size_t biglib_size(void)
{
	return (size_t)MIB << 20;
}

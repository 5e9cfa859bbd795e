/* SPDX-License-Identifier: MIT */
/*
 * _start for a program built for branch target identification from end
 * to end: Debian's own crt1.o has no BTI mark and no landing pad where
 * the dynamic linker branches to it, so a BTI program is linked with
 * -nostartfiles and this instead.  It does what crt1.o does: hand main,
 * argc, argv and the dynamic linker's finaliser (x0) to
 * __libc_start_main.  Built with -mbranch-protection=standard, so the
 * object carries the BTI mark; "bti jc" is where the branch lands.
 * The only input left unmarked is libc_nonshared.a's pthread_atfork,
 * reached by direct calls only, which is why the link adds
 * -z force-bti.
 */
int main(void);

/* What crtbegin.o defines, and libc_nonshared.a's pthread_atfork (which
 * the runtime calls) refers to: this object's identity. */
__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

__asm__(".text\n"
	".globl _start\n"
	".type _start, %function\n"
	"_start:\n"
	"	bti jc\n"
	"	mov x29, #0\n"
	"	mov x30, #0\n"
	"	mov x5, x0\n"
	"	ldr x1, [sp]\n"
	"	add x2, sp, #8\n"
	"	mov x6, sp\n"
	"	adrp x0, main\n"
	"	add x0, x0, :lo12:main\n"
	"	mov x3, #0\n"
	"	mov x4, #0\n"
	"	bl __libc_start_main\n"
	"	bl abort\n"
	".size _start, . - _start\n");

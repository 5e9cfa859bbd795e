/* SPDX-License-Identifier: MIT */
/*
 * noexecmem PROGRAM [ARGUMENT...]: run PROGRAM with every
 * mprotect(PROT_EXEC), and every anonymous mmap(PROT_EXEC), failing with
 * EACCES, as SELinux refuses them to a domain without execmem.  A file's
 * mmap(PROT_EXEC), as the dynamic loader maps libraries, is let through.
 */
#include <sys/mman.h>

#include "refuse.h"

int main(int argc, char **argv)
{
	struct sock_filter code[] = {
		REFUSE_PROLOGUE,
		/* mprotect: refused with PROT_EXEC. */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 0, 2),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, REFUSE_ARG_LOW(2)),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 5, 6),
		/* mmap: refused with PROT_EXEC and MAP_ANONYMOUS. */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mmap, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, REFUSE_ARG_LOW(2)),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, REFUSE_ARG_LOW(3)),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, MAP_ANONYMOUS, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	return refuse_run("noexecmem", code, sizeof(code) / sizeof(code[0]),
			  argc, argv);
}

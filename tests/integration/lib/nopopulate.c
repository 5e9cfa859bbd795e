/* SPDX-License-Identifier: MIT */
/*
 * nopopulate PROGRAM [ARGUMENT...]: run PROGRAM with every
 * madvise(MADV_POPULATE_WRITE) failing with EPERM, as a seccomp filter
 * written before Linux 5.14 refuses advice it does not know.  Other
 * advice, MADV_POPULATE_READ included, is let through.
 */
#include "refuse.h"

#define POPULATE_WRITE 23	/* MADV_POPULATE_WRITE, for older headers */

int main(int argc, char **argv)
{
	struct sock_filter code[] = {
		REFUSE_PROLOGUE,
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_madvise, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, REFUSE_ARG_LOW(2)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, POPULATE_WRITE, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	return refuse_run("nopopulate", code, sizeof(code) / sizeof(code[0]),
			  argc, argv);
}

/* SPDX-License-Identifier: MIT */
/*
 * nomremap PROGRAM [ARGUMENT...]: run PROGRAM with every mremap(2)
 * failing with EINVAL, as mremap of hugetlb mappings fails before Linux
 * 5.16, and anonymous ones too, whatever hugelink's own code does.
 */
#include "refuse.h"

int main(int argc, char **argv)
{
	struct sock_filter code[] = {
		REFUSE_PROLOGUE,
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mremap, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	return refuse_run("nomremap", code, sizeof(code) / sizeof(code[0]),
			  argc, argv);
}

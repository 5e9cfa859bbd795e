/* SPDX-License-Identifier: MIT */
/*
 * What the test helpers that run a command with system calls refused
 * (nomremap, nopopulate, noexecmem) share: a seccomp filter, which survives execve,
 * answers the call before the kernel runs it.
 */
#ifndef TESTS_INTEGRATION_LIB_REFUSE_H
#define TESTS_INTEGRATION_LIB_REFUSE_H

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "refuse.h: no audit architecture for this target"
#endif

/* The filter's first instructions: a call of another architecture's
 * ABI is let through; for the others, the call's number is loaded. */
#define REFUSE_PROLOGUE \
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, \
		 offsetof(struct seccomp_data, arch)), \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, REFUSE_AUDIT_ARCH, 1, 0), \
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW), \
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))

/* The low 32 bits of system call argument N (both targets are little
 * endian). */
#define REFUSE_ARG_LOW(n) (offsetof(struct seccomp_data, args) + 8 * (n))

/*
 * Install the N instructions of CODE and run ARGV[1] with its arguments;
 * WHO names the helper in messages.  Returns only on failure: 125 for a
 * filter not installed or no command, 127 for a command not run.
 */
static inline int refuse_run(const char *who, struct sock_filter *code,
			     unsigned short n, int argc, char **argv)
{
	struct sock_fprog prog = { n, code };

	if (argc < 2) {
		fprintf(stderr, "usage: %s program [argument...]\n", who);
		return 125;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog)) {
		fprintf(stderr, "%s: seccomp: %s\n", who, strerror(errno));
		return 125;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
	return 127;
}

#endif

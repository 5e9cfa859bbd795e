/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_RUNOUT_H
#define MACHINE_RUNOUT_H
/*
 * Running a program of the system to read what it prints: the dynamic
 * loader asked to list a program's libraries (hugectl) or which
 * glibc-hwcaps subdirectories it searches (hugelink-inspect).  For the
 * tools: it forks and allocates.
 */
#include <stddef.h>

/*
 * Run PATH (absolute) with ARGV and ENVP, its standard input and error
 * on /dev/null, for at most SECONDS seconds (SIGALRM ends it then,
 * whatever the caller does with that signal), and read its standard
 * output, at most MAX bytes.  Returns that text, NUL-terminated, which
 * the caller frees: the program exited, with status 0 or having printed
 * something.  NULL, with the reason in WHY (LEN bytes), when it could
 * not be started or read, was killed by a signal, or exited non-zero
 * and printed nothing.
 */
char *mach_run_output(const char *path, char *const argv[],
		      char *const envp[], unsigned seconds, size_t max,
		      char *why, size_t len);

#endif

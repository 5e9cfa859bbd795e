/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_EXEC_H
#define TOOLS_HUGECTL_EXEC_H
/*
 * Finding and running the program as execvp(3) and a shell do, with the
 * shell's exit statuses: 127 when it is not found, 126 when it is found
 * but cannot be executed.
 */
#include <stddef.h>

#define CTL_EXIT_NOEXEC 126
#define CTL_EXIT_NOTFOUND 127

/*
 * Find FILE: as given when it contains a '/', else in the directories of
 * SEARCH (PATH's value, or NULL for the default), an empty entry meaning
 * the current directory.  Writes the path into OUT and returns 0, or
 * returns 126 or 127 with the cause, as a shell words it ("command not
 * found", "Permission denied"), in *WHY, for the caller to print after
 * FILE.
 */
int ctl_find(const char *file, const char *search, char *out, size_t len,
	     const char **why);

/*
 * Execute PATH with ARGV and the current environment; a file the kernel
 * does not recognise runs under /bin/sh, as execvp does.  Returns only
 * on failure, after a message naming PATH, with 126 or 127.
 */
int ctl_exec(const char *path, char **argv);

#endif

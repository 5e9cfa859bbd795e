/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_READALL_H
#define MACHINE_READALL_H
/*
 * Reading a descriptor to its end, into memory of any size: response
 * files, the real linker's answers, GNU ld's default script, the /proc
 * files of another process.  For the wrapper and the tools: it allocates,
 * so the runtime reads its small files with mach_file_read instead.
 */
#include <stddef.h>

/*
 * Read FD to its end (reads a signal interrupts are retried).  Returns
 * the bytes in memory the caller frees, followed by a NUL, and their
 * number in *LEN (the text may hold NUL bytes itself); NULL with errno
 * set: read(2)'s error, ENOMEM when memory runs out, or EFBIG once more
 * than MAX bytes come.  FD stays open.
 */
char *mach_read_fd(int fd, size_t max, size_t *len);

#endif

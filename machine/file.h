/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_FILE_H
#define MACHINE_FILE_H
/*
 * Reading a small file of the kernel's (/proc, /sys) whole, with open,
 * read and close only: the runtime reads them at start-up, where neither
 * stdio nor malloc is wanted.
 */
#include <stddef.h>
#include <sys/types.h>

/*
 * Read at most SIZE - 1 bytes of the file at PATH into BUF, and end them
 * with a NUL.  Returns their number, or -1 when the file cannot be
 * opened (BUF is then "").
 */
ssize_t mach_file_read(const char *path, char *buf, size_t size);

#endif

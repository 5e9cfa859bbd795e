/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_PROC_H
#define TOOLS_INSPECT_PROC_H
/*
 * Reading another process's /proc files: the thin layer under
 * hugelink-inspect --pid.  smaps, auxv, exe and map_files all need the
 * right to read the process as ptrace(2) checks it (PTRACE_MODE_READ:
 * the same user, or root), so every failure is reported with the
 * process and the cause.
 */
#include <stddef.h>
#include <sys/types.h>

#include "core/smaps.h"

/*
 * The whole of /proc/PID/NAME, NUL-terminated, in memory the caller
 * frees; *LEN gets its length.  NULL after a warning naming the process
 * and the cause.
 */
char *inspect_proc_slurp(pid_t pid, const char *name, size_t *len);

/*
 * The whole of the file PATH (/etc/ld.so.cache), NUL-terminated, in
 * memory the caller frees; *LEN gets its length.  NULL, without a word,
 * when it cannot be read.
 */
char *inspect_read_file(const char *path, size_t *len);

/*
 * Open the program file /proc/PID/exe refers to, and put what it links
 * to in *PATH (the caller frees it).  Returns the descriptor, or -1
 * after a warning naming the process and the cause.
 */
int inspect_proc_open_exe(pid_t pid, char **path);

/*
 * Open the regular file mapped by M, through /proc/PID/map_files (which
 * needs CAP_CHECKPOINT_RESTORE or CAP_SYS_ADMIN) or else through its
 * path, checked against the device and inode maps gives.  Device files
 * are never opened.  Returns the descriptor, or -1 without a word.
 */
int inspect_proc_open_mapped(pid_t pid, const struct hl_smaps_map *m);

#endif

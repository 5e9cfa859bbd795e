/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_PERFMAP_H
#define MACHINE_PERFMAP_H
/*
 * The map perf reads for a process's anonymous executable memory,
 * /tmp/perf-<pid>.map: one line "START SIZE name" per function, in hex
 * without "0x", at run-time addresses (the convention of JIT compilers).
 * perf started with a program names the functions of its moved text by
 * itself: the move is an mremap, which perf never sees, so it keeps the
 * program file's mapping there.  perf attached later (record -p, top,
 * record -a) rebuilds the mappings from /proc/<pid>/maps, where moved
 * text is anonymous memory ("/anon_hugepage", a transparent huge page's
 * nameless mapping, a file on the first hugetlbfs mount): for those it
 * reads this map.  The runtime (HUGELINK_PERF_MAP=1) and
 * hugelink-inspect --perf-map write it with the one function below.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* A range of moved text, at its run-time address. */
struct mach_text_range {
	uintptr_t lo, hi;
};

/*
 * Write the map of process PID, naming the functions of the program file
 * whose LEN bytes are at IMAGE, loaded at BIAS, that meet one of the N
 * ranges R (core/elfsym.h reads the symbol table).  The file is created
 * with O_CREAT | O_EXCL | O_NOFOLLOW, mode 0600: the addresses are for
 * the process's own user (and root), whom perf runs as; one that exists already
 * (left by an earlier process of the same ID: nobody removes them, perf
 * neither) is replaced only when it is a regular file of our own, through a
 * temporary file in /tmp renamed over it, and otherwise left alone.
 * Returns the number of functions written, or -1 with ERR set.
 */
long mach_perf_map_write(pid_t pid, const void *image, size_t len,
			 uintptr_t bias, const struct mach_text_range *r,
			 size_t n, char *err, size_t errlen);

/* Where the map of process PID is, in BUF (at least 32 bytes).
 * Async-signal-safe. */
void mach_perf_map_path(pid_t pid, char *buf);

/*
 * Give process PID a copy of the map at FROM, which mach_perf_map_write
 * wrote for its parent: a fork's child runs the same text at the same
 * addresses.  A copy, not a second link: a child that execs a program
 * which writes its own map (a JIT's) writes that copy, never the
 * parent's.  One of PID's that exists already is replaced when it is a
 * regular file of ours (written under a name of its own and renamed
 * over it), and otherwise left alone.  Only system calls: it runs in
 * the child of a fork.  Returns 0, or -1.
 */
int mach_perf_map_copy(const char *from, pid_t pid);

#endif

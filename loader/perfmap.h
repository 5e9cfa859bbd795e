/* SPDX-License-Identifier: MIT */
#ifndef LOADER_PERFMAP_H
#define LOADER_PERFMAP_H
/*
 * HUGELINK_PERF_MAP=1: after the swap, write /tmp/perf-<pid>.map naming
 * the functions of the moved text (machine/perfmap.h), so that perf
 * attached later names them.  The program file is read only then, and
 * only as much as its symbol table.  A child of fork() (a daemon, a
 * server's workers) runs the same text at the same addresses: it gets
 * a copy of its parent's map, /tmp/perf-<its pid>.map, as it starts
 * (pthread_atfork); a child made by posix_spawn or vfork, which runs no
 * fork handler, gets none.  A child of fork that execs keeps its copy,
 * which a program that writes its own map (a JIT's) replaces or adds to;
 * the parent's is never touched.
 */
#include "loader/image.h"
#include "loader/prepare.h"
#include "loader/report.h"

/*
 * Write the map for the executable ranges of P now in anonymous or
 * hugetlb memory, from the program file P->src, loaded as IMG; a reason
 * goes to REP when it cannot be written.
 */
void ldr_perf_map_write(struct ldr_prepared *p, const struct ldr_image *img,
		       struct ldr_report *rep);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_PERFMAP_H
#define TOOLS_INSPECT_PERFMAP_H
/*
 * hugelink-inspect --perf-map PID: write /tmp/perf-PID.map for a running
 * process, naming the functions of its program's text that no longer
 * lies in a mapping of the program file (machine/perfmap.h), so that perf
 * attached to it (record -p, top) names them without a restart.
 */
#include <stddef.h>
#include <sys/types.h>

#include "machine/perfmap.h"
#include "tools/inspect/live.h"

/*
 * The parts of O's executable segments that LV's mappings of the
 * program file do not cover (moved text), into R (room for MAX).
 * Returns how many.  Pure.
 */
size_t inspect_moved_text(const struct inspect_live *lv,
		     const struct inspect_object *o,
		     struct mach_text_range *r, size_t max);

/*
 * Write the map of process PID and say so on stdout.  Returns 0, or -1
 * after a warning naming the process and the cause.
 */
int inspect_perf_map(pid_t pid);

#endif

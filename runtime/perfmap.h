#ifndef RUNTIME_PERFMAP_H
#define RUNTIME_PERFMAP_H
/*
 * HUGELINK_PERF_MAP=1: after the swap, write /tmp/perf-<pid>.map naming
 * the functions of the moved text (host/perfmap.h), so that perf
 * attached later names them.  The program file is read only then, and
 * only as much as its symbol table.
 */
#include "runtime/image.h"
#include "runtime/prepare.h"
#include "runtime/report.h"

/*
 * Write the map for the executable ranges of P now in anonymous or
 * hugetlb memory, from the program file P->src, loaded as IMG; a reason
 * goes to REP when it cannot be written.
 */
void rt_perf_map_write(struct rt_prepared *p, const struct rt_image *img,
		       struct rt_report *rep);

#endif

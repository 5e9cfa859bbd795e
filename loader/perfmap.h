/* SPDX-License-Identifier: MIT */
#ifndef LOADER_PERFMAP_H
#define LOADER_PERFMAP_H
/*
 * HUGELINK_PERF_MAP=1: after the swap, write /tmp/perf-<pid>.map naming
 * the functions of the moved text (machine/perfmap.h), so that perf
 * attached later names them.  The program file is read only then, and
 * only as much as its symbol table.
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

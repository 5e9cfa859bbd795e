/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_LOCATE_H
#define TOOLS_INSPECT_LOCATE_H
/*
 * Where a running program's file was loaded: its load bias, from the
 * auxiliary vector the kernel gave it, or from the mappings of its file
 * that are left.  Pure: the callers read /proc.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"
#include "core/smaps.h"

/*
 * The value of entry TYPE of the auxiliary vector AUXV (LEN bytes, as
 * /proc/<pid>/auxv gives it: pairs of words of the process's class CLS,
 * ELFCLASS32 or ELFCLASS64, in the host's byte order) into *VAL.
 * Returns 0, or -1 when there is no such entry before AT_NULL.
 */
int inspect_auxv_get(const void *auxv, size_t len, int cls, uint64_t type,
		uint64_t *val);

/*
 * The bias of the program whose headers PH[0..PHNUM), read from its
 * file at offset PHOFF, were found by the kernel at address AT_PHDR
 * (AT_PHDR of the auxiliary vector): through PT_PHDR, or else the
 * PT_LOAD that holds the headers in the file.  Returns 0, or -1 when
 * neither exists or the bias is not aligned to BASE_PAGE.
 */
int inspect_bias_from_phdr(const struct hl_phdr *ph, size_t phnum,
		      uint64_t phoff, uint64_t at_phdr, uint64_t base_page,
		      uintptr_t *bias);

/*
 * The bias of a file whose headers are PH[0..PHNUM), from the mappings
 * of that file in MAPS[0..N) (in address order; those of other files are
 * skipped through MINE, and so are the PROT_NONE gaps the loader leaves
 * between segments).  Each PT_LOAD that holds the file offset of
 * the lowest such mapping gives a candidate, and the first under which
 * every one of the file's mappings starts where its offset belongs is
 * taken, preferring one aligned to the largest p_align (as the kernel
 * and ld.so load): the last page of one segment's file range can be the
 * first of the next one's.  Returns 0, or -1 when the file has no
 * mapping left or no candidate fits.  For ET_DYN only: ET_EXEC is not
 * moved.
 */
int inspect_bias_from_maps(const struct hl_phdr *ph, size_t phnum,
		      const struct hl_smaps_map *maps, size_t n,
		      bool (*mine)(const struct hl_smaps_map *m, void *ctx),
		      void *ctx, uint64_t base_page, uintptr_t *bias);

#endif

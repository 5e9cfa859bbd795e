/* SPDX-License-Identifier: MIT */
#ifndef LOADER_REPLACEMENT_H
#define LOADER_REPLACEMENT_H
/*
 * Building the huge pages of one range prepare has checked and
 * described (loader/prepare.c).
 */
#include "loader/prepare.h"

/*
 * Build swap I of P for segment SEG (program header PH): its shared file,
 * or the backing chosen for it, filled if read-only, and handed over in
 * P->c->swap[I].  Returns 0, or -1 with every reason in REP when the
 * range stays on base pages.
 */
int ldr_make_replacement(struct ldr_prepared *p, int i,
	     const struct hl_seg *seg,
	     const struct hl_phdr *ph, const struct hl_config *cfg,
	     const struct ldr_fault *fault, struct ldr_report *rep);

#endif

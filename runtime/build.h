#ifndef RUNTIME_BUILD_H
#define RUNTIME_BUILD_H
/*
 * Building the huge pages of one range prepare has checked and
 * described (runtime/prepare.c).
 */
#include "runtime/prepare.h"

/*
 * Build swap I of P for segment SEG (program header PH): its shared file,
 * or the backing chosen for it, filled if read-only, and handed over in
 * P->c->swap[I].  Returns 0, or -1 with every reason in REP when the
 * range stays on base pages.
 */
int rt_build(struct rt_prepared *p, int i, const struct hl_seg *seg,
	     const struct hl_phdr *ph, const struct hl_config *cfg,
	     const struct rt_fault *fault, struct rt_report *rep);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LOADER_BTI_H
#define LOADER_BTI_H
/*
 * Branch target identification (aarch64).  The kernel's ELF loader and
 * the dynamic linker map the text of an object whose GNU property note
 * says every part of it was built for BTI with PROT_BTI, on CPUs that
 * have it: its pages are guarded, and an indirect branch that lands
 * anywhere but on a BTI instruction traps.  A replacement of that text
 * must be guarded too, or moving it would quietly take the protection
 * away.
 */
#include "loader/image.h"

/*
 * The protection bits beyond PROT_READ, PROT_WRITE and PROT_EXEC that
 * IMG's executable segments have: PROT_BTI when IMG is marked for BTI,
 * this CPU has it, and IMG's text is guarded now; else 0 (always 0 off
 * aarch64).
 */
int ldr_bti_exec_prot(const struct ldr_image *img);

#endif

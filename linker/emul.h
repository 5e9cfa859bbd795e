/* SPDX-License-Identifier: MIT */
#ifndef LINKER_EMUL_H
#define LINKER_EMUL_H
/*
 * Target emulations (the linker's -m names) and the huge page size each
 * architecture uses by default.  Decided from the target alone, never
 * from the machine doing the link.
 */
#include <stdbool.h>
#include <stddef.h>

/* The most huge page sizes one target has. */
#define LW_EMUL_MAX_HUGE 6

/*
 * The huge page sizes the target of emulation EMU has, ascending, ended
 * by 0 or after LW_EMUL_MAX_HUGE; NULL when they are not known here.
 */
const size_t *lw_emul_huge_pages(const char *emu);

/* The default huge page size for emulation EMU, or 0 when unknown. */
size_t lw_emul_page_size(const char *emu);

/*
 * True when emulation EMU links for the machine the runtime was built
 * for (the wrapper's own: x86-64 or 64-bit little-endian aarch64), so
 * that the runtime can be linked into the output.
 */
bool lw_emul_native(const char *emu);

/*
 * The multiarch name ("aarch64-linux-gnu") of the target emulation EMU
 * links for, when the runtime can be built for it; NULL otherwise.
 */
const char *lw_emul_multiarch(const char *emu);

/*
 * The first emulation listed under "Supported emulations:" in the output
 * of "ld -V", copied into BUF.  Returns 0, or -1 when there is none or it
 * does not fit.
 */
int lw_emul_default(const char *v_output, char *buf, size_t len);

#endif

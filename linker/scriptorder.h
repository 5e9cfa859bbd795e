/* SPDX-License-Identifier: MIT */
#ifndef LINKER_SCRIPTORDER_H
#define LINKER_SCRIPTORDER_H
/*
 * The function order in a GNU ld script: the ordered input sections
 * placed first in the .text output statement, one input statement each,
 * in order, before anything GNU ld's own script places there.  Pure
 * text processing.
 */
#include "linker/argv.h"

/*
 * SCRIPT with SECTIONS first in .text.  Returns a malloc'd string, or
 * NULL after a message when SCRIPT has no ".text :" statement or memory
 * runs out.
 */
char *lw_script_order(const char *script, const struct lw_argv *sections);

#endif

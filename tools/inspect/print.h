/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_PRINT_H
#define TOOLS_INSPECT_PRINT_H
/*
 * The inspector's reports as text for people, and as JSON for programs.
 * Both print the same facts from the same report.
 */
#include <stdint.h>
#include <stdio.h>

#include "tools/inspect/live.h"
#include "tools/inspect/model.h"

void inspect_print_text(FILE *out, const struct inspect_report *r);
void inspect_print_json(FILE *out, const struct inspect_report *r);

/* The libraries of R (R->libs), as text: part of inspect_print_text. */
void inspect_print_libs_text(FILE *out, const struct inspect_report *r);

/* The page cache's part of R's read-only segments (R->page_cache), as
 * text: part of inspect_print_text. */
void inspect_print_page_cache(FILE *out, const struct inspect_report *r);

/* The view of a running process (hugelink-inspect --pid). */
void inspect_print_live_text(FILE *out, const struct inspect_live *lv);
void inspect_print_live_json(FILE *out, const struct inspect_live *lv);

#endif

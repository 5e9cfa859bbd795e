#ifndef TOOLS_INSPECT_PRINT_H
#define TOOLS_INSPECT_PRINT_H
/*
 * The inspector's report as text for people, and as JSON for programs.
 * Both print the same facts from the same report.
 */
#include <stdio.h>

#include "tools/inspect/model.h"

void in_print_text(FILE *out, const struct in_report *r);
void in_print_json(FILE *out, const struct in_report *r);

#endif

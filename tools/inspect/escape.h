#ifndef TOOLS_INSPECT_ESCAPE_H
#define TOOLS_INSPECT_ESCAPE_H
/*
 * Names a process hands us (the paths in its maps) printed as text: a
 * control character or a backslash in a name could forge lines or
 * columns of the report, or drive the terminal, so each is written as
 * \xHH (a backslash as \\).  Everything else is written as it is.
 */
#include <stdio.h>

void in_text_str(FILE *out, const char *s);

#endif

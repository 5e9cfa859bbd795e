/* SPDX-License-Identifier: MIT */
#ifndef LOADER_SAID_H
#define LOADER_SAID_H
/*
 * What the runtime has said in this process, so that each of its
 * warnings is said once: a pass that looks at an object again (after a
 * dlclose() of another) does not repeat it, and neither does the copy
 * of the runtime that acts after the library of the copy that said it
 * was unloaded (a plugin host that loads and unloads a relinked
 * library).
 *
 * The record outlives every copy: a page of a memfd named
 * LDR_SAID_NAME, mapped privately (a child made by fork() keeps what
 * was said before it, and adds its own alone), never unmapped.  A copy
 * of the runtime in a library that has none yet looks for it in
 * /proc/self/maps, the first time it has something to say; a page of
 * that name is taken only with this layout's mark at its start.  Where
 * no memfd can be made, the record is the calling copy's, and goes
 * with it.  Called under the pass's lock (loader/pass.h).
 */
#include <stdbool.h>
#include <stddef.h>

#define LDR_SAID_NAME "messages-said-by-hugelink"

/* Whether the LEN bytes of TEXT were said before in this process;
 * false, and TEXT recorded as said, the first time. */
bool ldr_said_before(const char *text, size_t len);

/* This copy's unload: its own record, if it has one, goes with it; the
 * memfd's stays for the next. */
void ldr_said_drop(void);

#endif

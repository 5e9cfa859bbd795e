/* SPDX-License-Identifier: MIT */
#ifndef LOADER_UPROBES_H
#define LOADER_UPROBES_H
/*
 * Telling a uprobe's breakpoint from what others wrote into the text.
 * Each is written into an object's text before the runtime copies it (a
 * library's patch, from its constructor; gdb's "break" before "run";
 * perf probe, bpftrace and USDT probes at exec), in a page that is no
 * longer the file's, and /proc/self/pagemap shows them alike.  The patch
 * and the debugger's breakpoint must be kept: the program runs the one,
 * the debugger expects to stop at the other.  The uprobe's must not: the
 * kernel places uprobes only in mappings of the program file, so in the
 * huge-page copy nothing would handle the trap, and the program would get
 * SIGTRAP.
 *
 * The kernel tells them apart for us: it writes every uprobe of a file
 * into each new mapping of that file that could execute, so a fresh
 * private mapping of the page shows the uprobes and nothing else.  Where
 * the copy holds what that mapping holds and the file holds something
 * else, a uprobe wrote it, and the file's bytes go back.  A debugger's
 * breakpoint on the very instruction a uprobe holds is taken for the
 * uprobe's (the copy then traps for neither), and so is a patch that
 * wrote the very byte the uprobe wrote.
 */
#include <stdbool.h>

#include "remap/remap.h"

/*
 * In S's scratch copy, put back the file's bytes where a uprobe wrote,
 * in the pages written since they were loaded (C's pagemap; C->prog_fd
 * is the program file).  Nothing happens when either is missing: the
 * copy then keeps whatever was written.
 */
void ldr_uprobes_drop(const struct remap_commit *c,
		      const struct remap_range *s);

/*
 * Whether S's live memory holds nothing but the file's bytes and the
 * uprobes', in the pages written since they were loaded: what a shared
 * file made from the program file alone may stand for.  1 when it does,
 * 0 where a patch or a debugger wrote, -1 where the pagemap or the file
 * cannot tell.
 */
int ldr_uprobes_only(const struct remap_commit *c,
		      const struct remap_range *s);

#endif

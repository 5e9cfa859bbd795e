/* SPDX-License-Identifier: MIT */
#ifndef LOADER_STUB_H
#define LOADER_STUB_H
#include "remap/swap.h"

/*
 * Run remap_commit_run(C) from a private executable copy of the remap_text
 * section, so that it keeps running while the program text that holds
 * the original is swapped.  Returns what remap_commit_run returned, or -1
 * with nothing done when no copy could be made.
 */
long ldr_stub_run(struct remap_commit *c, size_t base);

#endif

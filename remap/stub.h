#ifndef HL_STUB_H
#define HL_STUB_H
#include "remap/commit.h"

/*
 * Run hl_commit_run(C) from a private executable copy of the hl_commit
 * section, so that it keeps running while the program text that holds
 * the original is swapped.  Returns what hl_commit_run returned, or -1
 * with nothing done when no copy could be made.
 */
long hl_stub_run(struct hl_commit *c, size_t base);

#endif

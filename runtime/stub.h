#ifndef RUNTIME_STUB_H
#define RUNTIME_STUB_H
#include "swap/swap.h"

/*
 * Run sw_commit_run(C) from a private executable copy of the sw_text
 * section, so that it keeps running while the program text that holds
 * the original is swapped.  Returns what sw_commit_run returned, or -1
 * with nothing done when no copy could be made.
 */
long rt_stub_run(struct sw_commit *c, size_t base);

#endif

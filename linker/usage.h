/* SPDX-License-Identifier: MIT */
#ifndef LINKER_USAGE_H
#define LINKER_USAGE_H
/*
 * --hugetlbfs-help: the wrapper's own options.  Plain --help belongs to
 * the real linker, which compilers and build systems ask.
 */
#include <stdio.h>

/* Print the wrapper's usage and options to OUT; -1 when writing fails. */
int lw_usage(FILE *out);

#endif

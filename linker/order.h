/* SPDX-License-Identifier: MIT */
#ifndef LINKER_ORDER_H
#define LINKER_ORDER_H
/*
 * --hugetlbfs-order=FILE: the functions FILE names, one a line, found in
 * the link's input objects and archives through libbfd, which reads
 * every input format and archive the linker does.  For each name, the
 * input section that defines it: with -ffunction-sections,
 * ".text.NAME".  A name no input defines, or that lies in a section
 * shared with other functions (plain ".text"), is reported once and
 * left out.
 */
#include <stddef.h>

#include "linker/argv.h"

struct lw_order {
	struct lw_argv names;		/* the functions found, in FILE's
					   order */
	struct lw_argv sections;	/* the input section of each */
};

/*
 * Read FILE and look its names up in the INPUTS (the link's input files;
 * those that are not relocatable objects or archives of them are passed
 * over).  Returns 0, or -1 after a message naming the file and the cause.
 */
int lw_order_resolve(const char *file, const struct lw_argv *inputs,
		     struct lw_order *out);

/* The text of an ordering file: one entry of LIST a line, then LAST
 * unless it is NULL.  NULL when memory runs out. */
char *lw_order_text(const struct lw_argv *list, const char *last);

void lw_order_free(struct lw_order *o);

#endif

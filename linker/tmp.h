/* SPDX-License-Identifier: MIT */
#ifndef LINKER_TMP_H
#define LINKER_TMP_H
/*
 * A private temporary directory for one link: the response file, the
 * generated script and the ordering file live there and go away with it.
 */
#include "linker/output.h"

struct lw_tmp {
	char *dir;	/* NULL until created */
	char *args;	/* <dir>/args: the real linker's response file */
	char *script;	/* <dir>/script: a generated linker script */
	char *order;	/* <dir>/order: the linker's ordering file */
	const struct lw_output *unedited; /* an output written and not yet
					     edited, removed on a signal
					     too; NULL when none */
};

/* Create it under $TMPDIR (or /tmp).  Returns 0, or -1 after a message. */
int lw_tmp_create(struct lw_tmp *t);

/* Write TEXT to PATH.  Returns 0, or -1 after a message. */
int lw_tmp_write(const char *path, const char *text);

/* Note OUTPUT as written and not yet edited (NULL: none is). */
void lw_tmp_unedited(struct lw_tmp *t, const struct lw_output *output);

/* Remove the files and the directory; safe to call on a zeroed T. */
void lw_tmp_remove(struct lw_tmp *t);

#endif

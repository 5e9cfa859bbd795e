/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_VARS_H
#define TOOLS_HUGECTL_VARS_H
/*
 * The variables hugectl sets, in the order it sets them, and the notes
 * it has for the user, each with the verbosity from which it shows.
 * A plain container: no environment is touched here.
 */
#include <stdbool.h>

#include "core/config.h"

#define CTL_MAX_VARS 16
#define CTL_MAX_NOTES 64
#define CTL_NOTE_LEN 400

struct ctl_var {
	const char *name;	/* a string literal */
	char *value;		/* owned */
};

struct ctl_note {
	int level;		/* HL_V_*: shown when the verbosity is >= it */
	char text[CTL_NOTE_LEN];
};

struct ctl_vars {
	struct ctl_var var[CTL_MAX_VARS];
	int nvar;
	struct ctl_note note[CTL_MAX_NOTES];
	int nnote;
	int dropped[HL_V_DEBUG + 1];	/* notes left out, by level */
};

/*
 * Set NAME (a string literal) to the formatted value, replacing an
 * earlier one in place.  Returns 0, or -1 when memory runs out.
 */
int ctl_set(struct ctl_vars *v, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

void ctl_unset(struct ctl_vars *v, const char *name);

/* NAME's value in V, or NULL. */
const char *ctl_get(const struct ctl_vars *v, const char *name);

/*
 * Add a note.  Beyond CTL_MAX_NOTES, one that would show at a lower
 * verbosity than the last of those kept that shows at a higher one takes
 * its place; either way the note left out is counted in V->dropped.
 */
void ctl_note(struct ctl_vars *v, int level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

void ctl_vars_free(struct ctl_vars *v);

#endif

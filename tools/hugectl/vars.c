/* SPDX-License-Identifier: MIT */
/*
 * The variable list and the notes.  Values are allocated; names are
 * string literals and never freed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/hugectl/vars.h"

static int find(const struct ctl_vars *v, const char *name)
{
	for (int i = 0; i < v->nvar; i++)
		if (!strcmp(v->var[i].name, name))
			return i;
	return -1;
}

int ctl_set(struct ctl_vars *v, const char *name, const char *fmt, ...)
{
	va_list ap;
	char *value;
	int i = find(v, name), n;

	if (i < 0 && v->nvar == CTL_MAX_VARS)
		return -1;
	va_start(ap, fmt);
	n = vasprintf(&value, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if (i < 0) {
		i = v->nvar++;
		v->var[i].name = name;
	} else {
		free(v->var[i].value);
	}
	v->var[i].value = value;
	return 0;
}

void ctl_unset(struct ctl_vars *v, const char *name)
{
	int i = find(v, name);

	if (i < 0)
		return;
	free(v->var[i].value);
	memmove(&v->var[i], &v->var[i + 1],
		(size_t)(v->nvar - i - 1) * sizeof(v->var[0]));
	v->nvar--;
}

const char *ctl_get(const struct ctl_vars *v, const char *name)
{
	int i = find(v, name);

	return i < 0 ? NULL : v->var[i].value;
}

/* LEVEL as an index of ctl_vars.dropped. */
static int clamp_level(int level)
{
	return level < 0 ? 0 : level > HL_V_DEBUG ? HL_V_DEBUG : level;
}

void ctl_note(struct ctl_vars *v, int level, const char *fmt, ...)
{
	int at = v->nnote;
	va_list ap;

	if (at == CTL_MAX_NOTES) {
		while (at > 0 && v->note[at - 1].level <= level)
			at--;
		if (!at) {
			v->dropped[clamp_level(level)]++;
			return;
		}
		at--;
		v->dropped[clamp_level(v->note[at].level)]++;
		memmove(&v->note[at], &v->note[at + 1],
			(size_t)(CTL_MAX_NOTES - 1 - at) * sizeof(v->note[0]));
		at = CTL_MAX_NOTES - 1;
	} else {
		v->nnote++;
	}
	v->note[at].level = level;
	va_start(ap, fmt);
	vsnprintf(v->note[at].text, CTL_NOTE_LEN, fmt, ap);
	va_end(ap);
}

void ctl_vars_free(struct ctl_vars *v)
{
	for (int i = 0; i < v->nvar; i++)
		free(v->var[i].value);
	v->nvar = 0;
	v->nnote = 0;
	memset(v->dropped, 0, sizeof(v->dropped));
}

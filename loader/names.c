/* SPDX-License-Identifier: MIT */
/*
 * The environment's mistakes for our names, said: see names.h.
 */
#include <stdio.h>

#include "core/varname.h"
#include "loader/names.h"

/* Room for the names in one message. */
struct said {
	char text[400];
	size_t used;
	int n;
};

/* Add ENTRY's name to S when it is a mistake, with the name meant. */
static void add_if_odd(struct said *s, const char *entry)
{
	const char *meant;
	enum hl_varname v = hl_varname_judge(entry, &meant);
	char name[48];
	int k;

	if ((v != HL_VARNAME_NEAR && v != HL_VARNAME_UNKNOWN) ||
	    s->used >= sizeof(s->text))
		return;
	k = snprintf(s->text + s->used, sizeof(s->text) - s->used,
		     "%s%s%s%s%s", s->n++ ? ", " : "",
		     hl_varname_text(entry, name, sizeof(name)),
		     meant ? " (did you mean " : "", meant ? meant : "",
		     meant ? "?)" : "");
	s->used += k > 0 ? (size_t)k : 0;
}

void ldr_names_report(const struct mach_env_ours *env,
		      const struct ldr_report *rep)
{
	struct said s = { .used = 0, .n = 0 };
	char text[sizeof(s.text) + 64];

	if (rep->verbose < HL_V_WARN)
		return;
	for (int i = 0; i < env->n; i++)
		add_if_odd(&s, env->entry[i]);
	for (int i = 0; i < env->nalike; i++)
		add_if_odd(&s, env->alike[i]);
	if (!s.n)
		return;
	snprintf(text, sizeof(text), "unknown variable%s, ignored: %s",
		 s.n > 1 ? "s" : "", s.text);
	ldr_report_setting(rep, text);
}

/* SPDX-License-Identifier: MIT */
/*
 * The libraries HUGELINK_LIBS names: see libs.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/dynamic.h"
#include "elf/simulate.h"
#include "tools/common/escape.h"
#include "tools/hugectl/config.h"
#include "tools/hugectl/ldlist.h"
#include "tools/hugectl/ldtrust.h"
#include "tools/hugectl/libplan.h"
#include "tools/hugectl/listable.h"
#include "tools/hugectl/libs.h"

#define MAX_ENTRIES (HL_CFG_LIBS_MAX / 2)

/* What the look at the libraries needs throughout. */
struct look {
	struct ctl_vars *v;
	const struct ctl_target *t;
	struct hl_config cfg;
	char list[HL_CFG_LIBS_MAX];	/* HUGELINK_LIBS, split */
	const char *entry[MAX_ENTRIES];	/* its entries, "all" aside */
	bool found[MAX_ENTRIES];	/* a library loaded at start answers */
	size_t nentry;
	bool all;			/* HUGELINK_LIBS names "all" */
	int all_moves, all_maybe, all_judged;
	char ldso[PATH_MAX];		/* the loader that lists them */
	const char *ldpath, *preload, *tunables;
};

/* Split LK->cfg.libs into its entries. */
static void split(struct look *lk)
{
	char *p = lk->list;

	snprintf(lk->list, sizeof(lk->list), "%s", lk->cfg.libs);
	while (*p && lk->nentry < MAX_ENTRIES) {
		size_t n = strcspn(p, ":,");
		char *next = p + n + (p[n] != '\0');

		p[n] = '\0';
		if (!strcmp(p, "all"))
			lk->all = true;
		else if (n)
			lk->entry[lk->nentry++] = p;
		p = next;
	}
}

/* How the single entry E names a library loaded from PATH, with SONAME
 * (NULL: none), as the runtime matches (loader/object.c). */
static bool names(const char *e, const char *path, const char *soname)
{
	char real[PATH_MAX];
	const char *base = hl_base_name(path);

	return hl_libs_match(e, base, soname, path) == HL_LIBS_BY_NAME ||
	       (strchr(e, '/') && realpath(path, real) &&
		hl_libs_match(e, base, soname, real) == HL_LIBS_BY_NAME);
}

/* The loader hugectl itself runs with, into LK->ldso; false when it has
 * none (a static hugectl). */
static bool own_loader(struct look *lk)
{
	return !el_own_loader(NULL, lk->ldso, sizeof(lk->ldso));
}

/* "NAME (PATH)", or PATH alone when NAME is PATH, into BUF. */
static const char *label(const char *name, const char *path, char *buf,
			 size_t len)
{
	if (!strcmp(name, path))
		snprintf(buf, len, "%s", path);
	else
		snprintf(buf, len, "%s (%s)", name, path);
	return buf;
}

/* Whether an entry names the library at PATH, with SONAME (NULL: not
 * known); each that does is found. */
static bool named_by_entry(struct look *lk, const char *path,
			   const char *soname)
{
	bool named = false;

	for (size_t i = 0; i < lk->nentry; i++)
		if (names(lk->entry[i], path, soname))
			named = lk->found[i] = true;
	return named;
}

/* Judge F, the library LABEL, and note it, as judge says. */
static int judge_read(struct look *lk, const struct el_file *f,
		      const char *label, bool late, bool named)
{
	struct ctl_lib_verdict *out = malloc(sizeof(*out));

	if (!out)
		return -1;
	ctl_lib_judge(out, f, &lk->cfg, lk->t->sizes);
	ctl_lib_note(lk->v, label, out, late, !named);
	lk->all_judged += !named;
	lk->all_moves += !named && out->fate == CTL_LIB_MOVES;
	lk->all_maybe += !named && out->fate == CTL_LIB_MAY_MOVE;
	free(out);
	return 0;
}

/* Judge the library NAME found at PATH and note it: LATE when the
 * program does not load it at start.  One hugectl cannot read is noted
 * as such, once: the entries that name it are found.  Returns 0, or -1
 * when memory runs out. */
static int judge(struct look *lk, const char *name, const char *path,
		 bool late)
{
	char shown[TL_ESCAPED_LEN(PATH_MAX)], text[2 * PATH_MAX + 8];
	struct el_dynamic dyn = { 0 };
	struct el_file f = { .fd = -1 };
	const char *why = NULL;
	bool named;
	int rc = 0;

	if (el_open_quiet(&f, path, tl_escape(path, shown, sizeof(shown))))
		why = f.why;
	else if (el_dynamic_read(&f, &dyn))
		why = dyn.why;
	named = named_by_entry(lk, path, why ? NULL : dyn.soname);
	if (named || (lk->all && !late)) {
		label(name, path, text, sizeof(text));
		if (why)
			ctl_note(lk->v, HL_V_WARN, "%s is not planned, as "
				 "hugectl cannot read it: %s; nothing of it "
				 "moves unless the program can load it", text,
				 why);
		else
			rc = judge_read(lk, &f, text, late, named);
	}
	el_dynamic_free(&dyn);
	el_close(&f);
	return rc;
}

/* List the libraries the program loads with PRELOAD into L.  Returns 0,
 * or -1 after a note saying why they cannot be told. */
static int list(struct look *lk, struct ctl_ldlist *l, const char *preload)
{
	char why[PATH_MAX + 200], real[PATH_MAX];

	if (ctl_listable(lk->t->elf, lk->t->path, real, sizeof(real), why,
			 sizeof(why))) {
		ctl_note(lk->v, HL_V_WARN, "does not list the libraries %s "
			 "loads (%s): whether those HUGELINK_LIBS names move "
			 "depends on whether each holds a whole huge page of "
			 "its own", lk->t->path, why);
		return -1;
	}
	if (ctl_ldlist_run(l, lk->ldso, real, lk->ldpath, preload,
			   lk->tunables, why, sizeof(why))) {
		ctl_note(lk->v, HL_V_WARN, "cannot list the libraries %s loads "
			 "(%s --list: %s): whether those HUGELINK_LIBS names "
			 "move depends on whether each holds a whole huge page "
			 "of its own", lk->t->path, lk->ldso, why);
		return -1;
	}
	if (!ctl_ldlist_trusted(l, lk->t->elf, lk->t->link->interp, real,
				lk->ldpath, preload, why, sizeof(why)))
		return 0;
	ctl_ldlist_free(l);
	ctl_note(lk->v, HL_V_WARN, "does not use the dynamic loader's list "
		 "of the libraries %s loads (%s): whether those HUGELINK_LIBS "
		 "names move depends on whether each holds a whole huge page "
		 "of its own", lk->t->path, why);
	return -1;
}

/* The libraries the program loads at start: those named, or all. */
static int judge_loaded(struct look *lk)
{
	struct ctl_ldlist l = { 0 };
	int rc = 0;

	if (list(lk, &l, lk->preload))
		return 1;
	for (size_t i = 0; i < l.n && !rc; i++)
		if (l.lib[i].path)
			rc = judge(lk, l.lib[i].name, l.lib[i].path, false);
	ctl_ldlist_free(&l);
	return rc;
}

/* "a:b:PRELOAD": the entries no library loaded at start answers to that
 * are names, before LK->preload; NULL when there are none. */
static char *late_preload(const struct look *lk)
{
	size_t len = 1 + (lk->preload ? strlen(lk->preload) : 0);
	char *s;

	for (size_t i = 0; i < lk->nentry; i++)
		len += strlen(lk->entry[i]) + 1;
	s = calloc(1, len);
	for (size_t i = 0; s && i < lk->nentry; i++)
		if (!lk->found[i] && !strchr(lk->entry[i], '/'))
			strcat(strcat(s, lk->entry[i]), ":");
	if (s && !*s) {
		free(s);
		return NULL;
	}
	if (s && lk->preload)
		strcat(s, lk->preload);
	return s;
}

/* Where the loader would find the name E for the program, from L. */
static const char *found_as(const struct ctl_ldlist *l, const char *e)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->lib[i].path && !strcmp(l->lib[i].name, e))
			return l->lib[i].path;
	return NULL;
}

/* An entry no library loaded at start answers to, found as FOUND
 * (NULL: the loader finds nothing by it). */
static int judge_late(struct look *lk, const char *e, const char *found)
{
	if (found)
		return judge(lk, e, found, true);
	ctl_note(lk->v, HL_V_WARN, "HUGELINK_LIBS names %s, which %s does not "
		 "load at start and the dynamic loader does not find for it: "
		 "nothing by that name moves unless the program loads it "
		 "from a path of its own", e, lk->t->path);
	return 0;
}

/* The entries no library loaded at start answers to: libraries the
 * program may load later, found as the loader would preload them. */
static int judge_unloaded(struct look *lk)
{
	struct ctl_ldlist l = { 0 };
	char *preload = late_preload(lk);
	bool listed = preload && !list(lk, &l, preload);
	int rc = 0;

	for (size_t i = 0; i < lk->nentry && !rc; i++) {
		const char *e = lk->entry[i];

		if (lk->found[i])
			continue;
		if (strchr(e, '/'))
			rc = judge_late(lk, e, access(e, F_OK) ? NULL : e);
		else if (listed)
			rc = judge_late(lk, e, found_as(&l, e));
	}
	ctl_ldlist_free(&l);
	free(preload);
	return rc;
}

/* HUGELINK_LIBS=all: the libraries that do not move said nothing. */
static void note_all(struct look *lk)
{
	char maybe[96] = "";

	if (!lk->all || !lk->all_judged)
		return;
	if (lk->all_maybe)
		snprintf(maybe, sizeof(maybe), "; %d may, as where %s loads "
			 "decides", lk->all_maybe,
			 lk->all_maybe == 1 ? "it" : "each");
	ctl_note(lk->v, lk->all_moves ? HL_V_INFO : HL_V_WARN,
		 "HUGELINK_LIBS=all: of the %d libraries %s loads at start "
		 "that no other entry names, %d move%s%s", lk->all_judged,
		 lk->t->path, lk->all_moves, lk->all_moves == 1 ? "s" : "",
		 maybe);
}

/* True when the program's own loader is not LK->ldso. */
static bool other_loader(const struct look *lk)
{
	char a[PATH_MAX], b[PATH_MAX];

	return !realpath(lk->ldso, a) || !realpath(lk->t->link->interp, b) ||
	       strcmp(a, b);
}

/* Whether the runtime would look at the libraries at all; notes why not. */
static bool libraries_move(struct look *lk)
{
	const struct ctl_target *t = lk->t;

	if (!lk->cfg.libs[0] || el_sim_gated(&lk->cfg) ||
	    lk->cfg.elfmap == HL_ELFMAP_NO)
		return false;
	if (!t->link->dynamic) {
		ctl_note(lk->v, HL_V_WARN, "%s is statically linked: it loads "
			 "no shared library at start for HUGELINK_LIBS to move",
			 t->path);
		return false;
	}
	if (el_embeds(t->link) && !t->link->has_entry) {
		ctl_note(lk->v, HL_V_WARN, "the runtime %s carries, of hugelink "
			 "%s, moves no library: HUGELINK_LIBS changes nothing "
			 "until it is relinked", t->path, t->link->version);
		return false;
	}
	if (!own_loader(lk)) {
		ctl_note(lk->v, HL_V_WARN, "hugectl has no dynamic loader of "
			 "its own to list the libraries %s loads: whether those "
			 "HUGELINK_LIBS names move depends on whether each "
			 "holds a whole huge page of its own", t->path);
		return false;
	}
	return true;
}

int ctl_libs_check(struct ctl_vars *v, const struct ctl_target *t,
		   hl_getenv_fn *get, void *ctx)
{
	struct look *lk = calloc(1, sizeof(*lk));
	int rc = -1;

	if (!lk)
		return -1;
	lk->v = v;
	lk->t = t;
	ctl_config_read(&lk->cfg, v, t->path, get, ctx);
	if (!libraries_move(lk)) {
		rc = 0;
		goto out;
	}
	split(lk);
	lk->ldpath = ctl_config_get(v, "LD_LIBRARY_PATH", get, ctx);
	lk->preload = ctl_config_get(v, "LD_PRELOAD", get, ctx);
	lk->tunables = ctl_config_get(v, "GLIBC_TUNABLES", get, ctx);
	if (other_loader(lk))
		ctl_note(v, HL_V_WARN, "%s names its own dynamic loader, %s: "
			 "hugectl lists the libraries it loads with %s, which "
			 "may find others", t->path, t->link->interp, lk->ldso);
	rc = judge_loaded(lk);
	if (rc > 0) {
		rc = 0;
		goto out;
	}
	if (!rc)
		rc = judge_unloaded(lk);
	note_all(lk);
out:
	free(lk);
	return rc;
}

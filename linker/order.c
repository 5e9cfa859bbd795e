/* SPDX-License-Identifier: MIT */
/*
 * The function order's input sections, through libbfd.  libbfd belongs
 * to the wrapper alone: the runtime never links it.
 */
#define PACKAGE "hugelink"	/* bfd.h refuses to be included without it */
#define PACKAGE_VERSION "0"
#include <bfd.h>
#include <err.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker/order.h"

/* One name of the order and what the inputs say of it. */
struct wanted {
	char *name;
	char *section;		/* NULL until found */
	bool shared;		/* found in a section other functions share */
	char *where;		/* the input that defines it, for messages */
	bool reported;		/* taken or reported already */
};

struct lookup {
	struct wanted *w;
	size_t n;
};

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct wanted *)a)->name,
		      ((const struct wanted *)b)->name);
}

static struct wanted *find(struct lookup *l, const char *name)
{
	struct wanted key = { .name = (char *)name };

	return bsearch(&key, l->w, l->n, sizeof(*l->w), cmp_name);
}

/* FILE's names, one a line, blank lines and surrounding spaces left out;
 * the same name twice counts once (its first place). */
static int read_names(const char *file, struct lw_argv *names)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	if (!f) {
		warn("%s", file);
		return -1;
	}
	while (rc == 0 && (len = getline(&line, &cap, f)) >= 0) {
		char *s = line, *e = line + len;

		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		while (e > s && (e[-1] == '\n' || e[-1] == '\r' ||
				 e[-1] == ' ' || e[-1] == '\t'))
			e--;
		*e = '\0';
		if (*s)
			rc = lw_argv_push(names, s);
	}
	if (rc == 0 && ferror(f))
		rc = -1;
	if (rc < 0)
		warn("%s", file);
	free(line);
	fclose(f);
	return rc;
}

/* True when SEC holds only NAME's code, as -ffunction-sections names
 * it: ".text.NAME", ".text.startup.NAME", ".text.hot.NAME", ... */
static bool own_section(const char *sec, const char *name)
{
	size_t ls = strlen(sec), ln = strlen(name);

	return ls > ln + 1 && sec[ls - ln - 1] == '.' &&
	       strcmp(sec + ls - ln, name) == 0;
}

static void note_symbol(struct lookup *l, asymbol *sym, const char *where)
{
	struct wanted *w;
	const char *sec;

	if (!(sym->flags & (BSF_GLOBAL | BSF_LOCAL | BSF_WEAK)) ||
	    !(sym->flags & BSF_FUNCTION) || bfd_is_und_section(sym->section) ||
	    bfd_is_com_section(sym->section))
		return;
	w = find(l, bfd_asymbol_name(sym));
	if (!w || w->section || w->shared)
		return;
	sec = bfd_section_name(sym->section);
	free(w->where);
	w->where = strdup(where);
	if (own_section(sec, w->name))
		w->section = strdup(sec);
	else
		w->shared = true;
}

/* The functions of one relocatable object. */
static void scan_object(struct lookup *l, bfd *abfd, const char *where)
{
	long size, n;
	asymbol **syms;

	if (!bfd_check_format(abfd, bfd_object) ||
	    !(bfd_get_file_flags(abfd) & HAS_RELOC) ||
	    !(bfd_get_file_flags(abfd) & HAS_SYMS))
		return;
	size = bfd_get_symtab_upper_bound(abfd);
	if (size <= 0 || !(syms = malloc(size)))
		return;
	n = bfd_canonicalize_symtab(abfd, syms);
	for (long i = 0; i < n; i++)
		note_symbol(l, syms[i], where);
	free(syms);
}

static void scan_archive(struct lookup *l, bfd *ar, const char *path)
{
	bfd *m = bfd_openr_next_archived_file(ar, NULL);

	while (m) {
		char *where = NULL;
		bfd *next;

		if (asprintf(&where, "%s(%s)", path, bfd_get_filename(m)) < 0)
			where = NULL;
		scan_object(l, m, where ? where : path);
		free(where);
		next = bfd_openr_next_archived_file(ar, m);
		bfd_close(m);
		m = next;
	}
}

/* One input: an object, an archive, or something else (a shared object,
 * a linker script), which holds no section to order. */
static void scan_input(struct lookup *l, const char *path)
{
	bfd *abfd = bfd_openr(path, NULL);

	if (!abfd)
		return;
	if (bfd_check_format(abfd, bfd_archive))
		scan_archive(l, abfd, path);
	else
		scan_object(l, abfd, path);
	bfd_close(abfd);
}

/* The result in FILE's order, each name reported or taken once. */
static int collect(const char *file, const struct lw_argv *names,
		   struct lookup *l, struct lw_order *out)
{
	for (size_t i = 0; i < names->n; i++) {
		struct wanted *w = find(l, names->v[i]);

		if (w->reported)
			continue;
		w->reported = true;
		if (w->section) {
			if (lw_argv_push(&out->names, w->name) < 0 ||
			    lw_argv_push(&out->sections, w->section) < 0) {
				warn("%s", file);
				return -1;
			}
		} else if (w->shared)
			warnx("%s: %s is in a section of %s that other "
			      "functions share (compile with "
			      "-ffunction-sections); "
			      "not ordered", file, w->name, w->where);
		else
			warnx("%s: no input defines %s; ignored", file,
			      w->name);
	}
	return 0;
}

/* L: each name of NAMES once, sorted for the lookups. */
static int make_lookup(const struct lw_argv *names, struct lookup *l)
{
	size_t k = 0;

	l->w = calloc(names->n ? names->n : 1, sizeof(*l->w));
	if (!l->w)
		return -1;
	for (size_t i = 0; i < names->n; i++)
		l->w[i].name = names->v[i];
	qsort(l->w, names->n, sizeof(*l->w), cmp_name);
	for (size_t i = 0; i < names->n; i++)
		if (k == 0 || strcmp(l->w[k - 1].name, l->w[i].name))
			l->w[k++] = l->w[i];
	l->n = k;
	return 0;
}

static void free_lookup(struct lookup *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->w[i].section);
		free(l->w[i].where);
	}
	free(l->w);
}

int lw_order_resolve(const char *file, const struct lw_argv *inputs,
		     struct lw_order *out)
{
	struct lw_argv names = { 0 };
	struct lookup l = { 0 };
	int rc = -1;

	if (read_names(file, &names) < 0)
		goto out;
	if (make_lookup(&names, &l) < 0) {
		warn("%s", file);
		goto out;
	}
	bfd_init();
	for (size_t i = 0; i < inputs->n; i++)
		scan_input(&l, inputs->v[i]);
	rc = collect(file, &names, &l, out);
out:
	free_lookup(&l);
	lw_argv_free(&names);
	return rc;
}

char *lw_order_text(const struct lw_argv *list, const char *last)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	for (size_t i = 0; i < list->n; i++)
		fprintf(f, "%s\n", list->v[i]);
	if (last)
		fprintf(f, "%s\n", last);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

void lw_order_free(struct lw_order *o)
{
	lw_argv_free(&o->names);
	lw_argv_free(&o->sections);
}

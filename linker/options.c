/* SPDX-License-Identifier: MIT */
/*
 * Command-line parsing.  The wrapper's own options start with
 * "--hugetlbfs-"; everything else belongs to the real linker and is only
 * looked at, never changed.  GNU ld parses with getopt_long_only, so a
 * long option may start with one dash or two; names below are written
 * with one and arguments are compared after dropping a leading dash.
 * Ours are not: "-hugetlbfs-align" is refused, since GNU ld would take
 * it for "-h ugetlbfs-align" (a soname) and link without a layout.
 */
#include <err.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/size.h"
#include "linker/options.h"

#define OURS "--hugetlbfs-"

/* The smallest page the layout can be built on (the base page). */
#define MIN_PAGE 4096

/*
 * Options whose value is the next argument.  They are skipped so that a
 * value is never mistaken for an option.
 */
static const char *const with_value[] = {
	"-a", "-A", "-b", "-c", "-e", "-f", "-F", "-G", "-h", "-I", "-l",
	"-L", "-O", "-P", "-R", "-u", "-y", "-Y",
	"-architecture", "-audit", "-auxiliary", "-defsym", "-depaudit",
	"-dependency-file", "-dynamic-linker", "-dynamic-list", "-entry",
	"-exclude-libs", "-filter", "-format", "-gpsize", "-just-symbols",
	"-library", "-library-path", "-Map", "-mllvm", "-mri-script",
	"-oformat", "-out-implib", "-plugin", "-plugin-opt",
	"-require-defined", "-retain-symbols-file", "-rpath", "-rpath-link",
	"-soname", "-Tbss", "-Tdata", "-Tldata-segment", "-Trodata-segment",
	"-Ttext", "-Ttext-segment", "-trace-symbol", "-undefined",
	"-version-script", "-wrap", NULL,
};

/* Options that replace GNU ld's built-in script (after -T and -dT). */
static const char *const script_options[] = {
	"-script", "-default-script", "-mri-script", NULL,
};

/* Long options that start with "-o" but are not -o with a joined value. */
static const char *const not_output[] = {
	"-omagic", "-orphan-handling", NULL,
};

/* Options that pick one of GNU ld's built-in scripts besides -m and the
 * output kind; -z options are handled on their own. */
static const char *const picks_script[] = {
	"-n", "-N", "-nmagic", "-omagic", "-no-omagic", "-no-dynamic-linker",
	NULL,
};

static const char *long_name(const char *a)
{
	return a[0] == '-' && a[1] == '-' ? a + 1 : a;
}

static bool in(const char *name, const char *const list[])
{
	for (size_t i = 0; list[i]; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

/* True when NAME is LIST[i] or LIST[i] followed by '=' for some i. */
static bool in_prefix(const char *name, const char *const list[])
{
	for (size_t i = 0; list[i]; i++) {
		size_t n = strlen(list[i]);

		if (strncmp(name, list[i], n) == 0 &&
		    (name[n] == '\0' || name[n] == '='))
			return true;
	}
	return false;
}

/* The value of "NAME=VALUE" when A is that option, else NULL. */
static const char *value_of(const char *a, const char *name)
{
	size_t n = strlen(name);

	return strncmp(a, name, n) == 0 && a[n] == '=' ? a + n + 1 : NULL;
}

/* Parse one of our options.  LINK collects --hugetlbfs-link. */
static int take_ours(const char *a, struct lw_opts *o, enum lw_mode *link,
		     bool *align)
{
	const char *v;

	o->ours = true;
	if (strcmp(a, OURS "align") == 0) {
		*align = true;
	} else if (strcmp(a, OURS "version") == 0) {
		o->version = true;
	} else if (strcmp(a, OURS "help") == 0) {
		o->help = true;
	} else if ((v = value_of(a, OURS "runtime"))) {
		if (strcmp(v, "static") == 0)
			o->runtime = LW_RUNTIME_STATIC;
		else if (strcmp(v, "shared") == 0)
			o->runtime = LW_RUNTIME_SHARED;
		else
			goto bad_value;
		o->runtime_set = true;
	} else if ((v = value_of(a, OURS "link"))) {
		if (strcmp(v, "B") == 0)
			*link = LW_MODE_B;
		else if (strcmp(v, "BDT") == 0)
			*link = LW_MODE_BDT;
		else
			goto bad_value;
	} else if ((v = value_of(a, OURS "order"))) {
		if (!*v)
			goto bad_value;
		o->order = v;
	} else if ((v = value_of(a, OURS "script-path"))) {
		if (!*v)
			goto bad_value;
		o->script_dir = v;
	} else if ((v = value_of(a, OURS "page-size"))) {
		if (hl_parse_size(v, &o->page_size) < 0 ||
		    o->page_size < MIN_PAGE) {
			warnx("%s: not a page size (a power of two of at least "
			      "4K, such as 2M or 1G)", a);
			return -1;
		}
	} else if (strcmp(a, OURS "link") == 0 ||
		   strcmp(a, OURS "script-path") == 0 ||
		   strcmp(a, OURS "page-size") == 0 ||
		   strcmp(a, OURS "order") == 0 ||
		   strcmp(a, OURS "runtime") == 0) {
		warnx("%s needs a value: %s=VALUE", a, a);
		return -1;
	} else {
		warnx("%s: unknown option", a);
		return -1;
	}
	return 0;

bad_value:
	warnx("%s: bad value (expected %s)", a,
	      value_of(a, OURS "link") ? "B or BDT" :
	      value_of(a, OURS "runtime") ? "static or shared" :
	      value_of(a, OURS "order") ? "a file" : "a directory");
	return -1;
}

/* Record a -z keyword, which also picks GNU ld's script. */
static int take_z(const char *kw, struct lw_opts *o)
{
	char *const pair[] = { "-z", (char *)kw };

	if (strcmp(kw, "now") == 0)
		o->znow = true;
	else if (strcmp(kw, "lazy") == 0)
		o->znow = false;
	else if (strcmp(kw, "norelro") == 0)
		o->znorelro = true;
	else if (strcmp(kw, "relro") == 0)
		o->znorelro = false;
	else if (strcmp(kw, "defs") == 0)
		o->zdefs = true;
	else if (strcmp(kw, "undefs") == 0)
		o->zdefs = false;
	else if (strcmp(kw, "separate-code") == 0 ||
		 strcmp(kw, "noseparate-code") == 0 ||
		 strcmp(kw, "separate-loadable-segments") == 0)
		o->zseparate = true;
	return lw_argv_pushv(&o->script_opts, pair, 2);
}

/* Note the output kind flag N asks for; false when N is none. */
static bool take_kind(const char *n, struct lw_opts *o)
{
	if (strcmp(n, "-shared") == 0 || strcmp(n, "-Bshareable") == 0)
		o->kind = LW_KIND_SHARED;
	else if (strcmp(n, "-pie") == 0 || strcmp(n, "-pic-executable") == 0)
		o->kind = LW_KIND_PIE;
	else if (strcmp(n, "-no-pie") == 0)
		o->kind = LW_KIND_EXEC;
	else if (strcmp(n, "-static") == 0)
		o->is_static = true;
	else
		return false;
	return true;
}

/* Note what flag A (an option without a value) asks for.  The flags
 * that pick GNU ld's script are kept, in order, in SCRIPT_OPTS. */
static int take_flag(const char *a, struct lw_opts *o)
{
	const char *n = long_name(a);

	if (take_kind(n, o) || in(n, picks_script))
		return lw_argv_push(&o->script_opts, a);
	if (strcmp(a, "-r") == 0 || strcmp(n, "-relocatable") == 0 ||
	    strcmp(a, "-Ur") == 0 || strcmp(a, "-i") == 0)
		o->relocatable = true;
	else if (strcmp(n, "-version") == 0 || strcmp(n, "-help") == 0 ||
		 strcmp(n, "-target-help") == 0)
		o->info_only = true;
	else if (strcmp(a, "-v") == 0 || strcmp(a, "-V") == 0)
		o->prints_version = true;
	else if (strcmp(n, "-no-undefined") == 0)
		o->zdefs = true;
	return 0;
}

/*
 * Note what A asks for when it is an option whose value is the next
 * argument, NEXT (NULL at the end).  Returns 0 when A is not such an
 * option, else the number of arguments used, or -1 when memory runs out.
 */
static int take_separate(const char *a, const char *next, struct lw_opts *o)
{
	const char *n = long_name(a);
	int used = next ? 2 : 1;

	if (strcmp(a, "-m") == 0)
		o->emulation = next;
	else if (strcmp(a, "-o") == 0 || strcmp(n, "-output") == 0)
		o->output = next ? next : o->output;
	else if (strcmp(a, "-z") == 0)
		return next && take_z(next, o) < 0 ? -1 : used;
	else if (strcmp(a, "-l") == 0 || strcmp(n, "-library") == 0)
		return next && lw_argv_push(&o->libs, next) < 0 ? -1 : used;
	else if (strcmp(a, "-L") == 0 || strcmp(n, "-library-path") == 0)
		return next && lw_argv_push(&o->libdirs, next) < 0 ? -1 : used;
	else if (strcmp(a, "-T") == 0 || strcmp(a, "-dT") == 0 ||
		 strcmp(a, "-c") == 0 || in(n, script_options))
		o->user_script = true;
	else if (!in(n, with_value))
		return 0;
	return used;
}

/*
 * Note what A asks for when it is a flag or an option with a joined
 * value ("-zKEYWORD", "-mEMULATION", "--output=FILE").  Returns 1, or -1
 * when memory runs out.
 */
static int take_joined(const char *a, struct lw_opts *o)
{
	const char *n = long_name(a), *v;

	if ((v = value_of(n, "-output")))
		o->output = v;
	else if ((v = value_of(n, "-library")) || (a[1] == 'l' && a[2]))
		return lw_argv_push(&o->libs, v ? v : a + 2) < 0 ? -1 : 1;
	else if ((v = value_of(n, "-library-path")) || (a[1] == 'L' && a[2]))
		return lw_argv_push(&o->libdirs, v ? v : a + 2) < 0 ? -1 : 1;
	else if (in_prefix(n, script_options))
		o->user_script = true;
	else if (in_prefix(n, with_value))
		return 1;
	else if (a[1] == 'z')
		return take_z(a + 2, o) < 0 ? -1 : 1;
	else if (a[1] == 'm')
		o->emulation = a + 2;
	else if (a[1] == 'o' && !in_prefix(n, not_output))
		o->output = a + 2;
	else if (a[1] == 'T')
		o->user_script = true;
	else
		return take_flag(a, o) < 0 ? -1 : 1;
	return 1;
}

/*
 * Note what A, followed by NEXT, asks of the real linker.  Returns the
 * number of arguments used, or -1 when memory runs out.
 */
static int classify(const char *a, const char *next, struct lw_opts *o)
{
	int used;

	if (a[0] != '-')
		return lw_argv_push(&o->inputs, a) < 0 ? -1 : 1;
	if (!a[1])
		return 1;
	used = take_separate(a, next, o);
	return used ? used : take_joined(a, o);
}

/* Copy A[I..] to the rest unchanged: what follows "--" is not ours. */
static int take_verbatim(const struct lw_argv *a, size_t i, struct lw_opts *o)
{
	if (lw_argv_pushv(&o->inputs, a->v + i + 1, a->n - i - 1) < 0)
		return -1;
	return lw_argv_pushv(&o->rest, a->v + i, a->n - i);
}

static int finish(struct lw_opts *o, enum lw_mode link, bool align)
{
	if (o->options_end == SIZE_MAX)
		o->options_end = o->rest.n;
	o->mode = link != LW_MODE_NONE ? link :
		  align ? LW_MODE_ALIGN : LW_MODE_NONE;
	/* GNU ld links nothing after -v or -V without an input file. */
	if (o->prints_version && !o->inputs.n && !o->libs.n)
		o->info_only = true;
	if (o->version || o->help)
		return 0;
	if (o->page_size && o->mode == LW_MODE_NONE) {
		warnx(OURS "page-size needs " OURS "align or " OURS "link");
		return -1;
	}
	if (o->order && o->mode != LW_MODE_ALIGN) {
		warnx(OURS "order needs " OURS "align");
		return -1;
	}
	if (o->runtime_set && o->mode == LW_MODE_NONE) {
		warnx(OURS "runtime needs " OURS "align or " OURS "link");
		return -1;
	}
	return 0;
}

int lw_opts_parse(const struct lw_argv *args, struct lw_opts *o)
{
	enum lw_mode link = LW_MODE_NONE;
	bool align = false;
	size_t i = 0;

	o->output = "a.out";
	o->options_end = SIZE_MAX;
	o->kind = LW_KIND_EXEC;
	while (i < args->n) {
		const char *a = args->v[i];
		int used;

		if (strncmp(a, OURS, strlen(OURS)) == 0) {
			if (take_ours(a, o, &link, &align) < 0)
				return -1;
			i++;
			continue;
		}
		if (lw_opts_looks_ours(a)) {
			warnx("%s: the wrapper's options take two dashes: -%s",
			      a, a);
			return -1;
		}
		if (strcmp(a, "--") == 0) {
			o->options_end = o->rest.n;
			if (take_verbatim(args, i, o) < 0) {
				warn("reading the command line");
				return -1;
			}
			break;
		}
		used = classify(a, i + 1 < args->n ? args->v[i + 1] : NULL, o);
		if (used < 0 ||
		    lw_argv_pushv(&o->rest, args->v + i, used) < 0) {
			warn("reading the command line");
			return -1;
		}
		i += used;
	}
	return finish(o, link, align);
}

bool lw_opts_looks_ours(const char *a)
{
	size_t n = strlen(OURS);

	return strncmp(a, OURS, n) == 0 || strncmp(a, &OURS[1], n - 1) == 0;
}

void lw_opts_free(struct lw_opts *o)
{
	lw_argv_free(&o->rest);
	lw_argv_free(&o->script_opts);
	lw_argv_free(&o->inputs);
	lw_argv_free(&o->libs);
	lw_argv_free(&o->libdirs);
}

/* SPDX-License-Identifier: MIT */
/*
 * hugectl's options: one table drives getopt_long and --help.  Parsing is
 * pure apart from getopt's own state: no output, no exit; a bad option
 * comes back as a message for main to print.
 */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/size.h"
#include "tools/hugectl/opts.h"

struct ctl_option;

/* What an option's function gets: its row, its argument, room for why. */
struct ctl_arg {
	const struct ctl_option *row;
	const char *arg;	/* NULL when none was given */
	char *err;
	size_t len;
};

typedef int ctl_apply_fn(struct ctl_opts *o, const struct ctl_arg *a);

/*
 * One option.  FIELD and VALUE let one function serve several rows: the
 * member of struct ctl_opts a row sets (offsetof), and what it sets it to.
 */
struct ctl_option {
	const char *name;	/* the long name, or NULL */
	char letter;		/* the short name, or 0 */
	int has_arg;		/* no_argument, optional_ or
				   required_argument */
	const char *arg;	/* the argument's name in --help */
	const char *help;
	ctl_apply_fn *apply;
	size_t field;
	int value;
};

static int fail(const struct ctl_arg *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(const struct ctl_arg *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->err, a->len, fmt, ap);
	va_end(ap);
	return -1;
}

#define FIELD(o, a, type) ((type *)((char *)(o) + (a)->row->field))

/* --text, --data, --bss: a page size, or the default one without. */
static int opt_page(struct ctl_opts *o, const struct ctl_arg *a)
{
	size_t *slot = FIELD(o, a, size_t);

	if (!a->arg) {
		*slot = HL_PAGE_DEFAULT;
		return 0;
	}
	if (hl_parse_size(a->arg, slot))
		return fail(a, "--%s=%s: not a page size (use e.g. 2M or 1G)",
			    a->row->name, a->arg);
	return 0;
}

/* --disable, --share-text, --no-reserve. */
static int opt_flag(struct ctl_opts *o, const struct ctl_arg *a)
{
	*FIELD(o, a, bool) = true;
	return 0;
}

/* --no-preload, --force-preload. */
static int opt_preload(struct ctl_opts *o, const struct ctl_arg *a)
{
	o->preload = (enum ctl_preload)a->row->value;
	return 0;
}

/* --help and --version, which win over any mode whatever the order,
 * --help over --version. */
static int opt_info(struct ctl_opts *o, const struct ctl_arg *a)
{
	enum ctl_action act = (enum ctl_action)a->row->value;

	if (o->action != CTL_HELP && (o->action != CTL_VERSION ||
				      act == CTL_HELP))
		o->action = act;
	return 0;
}

/*
 * --dry-run, --share-list, --share-clean, --prime: what hugectl does
 * instead of running a program.  One of them at most, given any number
 * of times: two contradict each other (--dry-run runs nothing, --prime
 * drops and reads page cache), in whichever order they come.
 */
static int opt_mode(struct ctl_opts *o, const struct ctl_arg *a)
{
	if (o->mode && strcmp(o->mode, a->row->name))
		return fail(a, "--%s and --%s cannot be used together",
			    o->mode, a->row->name);
	o->mode = a->row->name;
	if (o->action != CTL_HELP && o->action != CTL_VERSION)
		o->action = (enum ctl_action)a->row->value;
	return 0;
}

/* --heap[=size] and --thp: glibc.malloc.hugetlb's value. */
static int opt_heap(struct ctl_opts *o, const struct ctl_arg *a)
{
	size_t size;

	if (!a->arg) {
		o->heap = (unsigned long long)a->row->value;
		return 0;
	}
	if (hl_parse_size(a->arg, &size))
		return fail(a, "--%s=%s: not a page size (use e.g. 2M or 1G)",
			    a->row->name, a->arg);
	o->heap = size;
	return 0;
}

/* --share-clean[=all]. */
static int opt_clean(struct ctl_opts *o, const struct ctl_arg *a)
{
	if (a->arg && strcmp(a->arg, "all"))
		return fail(a, "--share-clean=%s: expected nothing or \"all\"",
			    a->arg);
	o->clean_all = a->arg != NULL;
	return opt_mode(o, a);
}

static int opt_shm(struct ctl_opts *o, const struct ctl_arg *a)
{
	(void)o;
	return fail(a, "--shm is not supported: hugelink puts a program's own "
		    "segments on huge pages, not its shared memory; have the "
		    "program ask for it with SHM_HUGETLB (shmget) or "
		    "MFD_HUGETLB (memfd_create)");
}

/* --library-path DIR (a directory or a prefix, as with libhugetlbfs:
 * main finds the runtime in it), and --library-use-path (no argument). */
static int opt_library(struct ctl_opts *o, const struct ctl_arg *a)
{
	if (a->arg && !*a->arg)
		return fail(a, "--%s: expected a directory", a->row->name);
	o->lib = a->arg ? CTL_LIB_DIR : CTL_LIB_SYSTEM;
	o->libdir = a->arg;
	return 0;
}

/* --backing=auto|file|hugetlb|thp, checked as the runtime will read it. */
static int opt_backing(struct ctl_opts *o, const struct ctl_arg *a)
{
	enum hl_backing_mode mode;

	if (hl_config_parse_backing(a->arg, &mode))
		return fail(a, "--%s=%s: expected auto, file, hugetlb or thp",
			    a->row->name, a->arg);
	o->backing = a->arg;
	return 0;
}

/* --libs=LIST: libraries that were not relinked, as HUGELINK_LIBS. */
static int opt_libs(struct ctl_opts *o, const struct ctl_arg *a)
{
	if (!*a->arg || strlen(a->arg) >= HL_CFG_LIBS_MAX)
		return fail(a, "--%s: expected a list of library names or "
			    "paths, or \"all\", shorter than %d bytes",
			    a->row->name, HL_CFG_LIBS_MAX);
	o->libs = a->arg;
	return 0;
}

static int opt_verbose(struct ctl_opts *o, const struct ctl_arg *a)
{
	char *end;
	long v;

	v = strtol(a->arg, &end, 10);
	if (end == a->arg || *end || v < 0 || v > 99)
		return fail(a, "--%s %s: expected a level from 0 to 99",
			    a->row->name, a->arg);
	o->verbose = (int)v;
	return 0;
}

/* -v and -q move the level by VALUE, within 0..99. */
static int opt_step(struct ctl_opts *o, const struct ctl_arg *a)
{
	int v = o->verbose + a->row->value;

	o->verbose = v < 0 ? 0 : v > 99 ? 99 : v;
	return 0;
}

#define AT(member) offsetof(struct ctl_opts, member)

static const struct ctl_option options[] = {
	{ "text", 0, optional_argument, "size",
	  "put the read-only segments (text, rodata) on huge pages",
	  opt_page, AT(text), 0 },
	{ "data", 0, optional_argument, "size",
	  "put the writable segment (data and bss) on huge pages",
	  opt_page, AT(data), 0 },
	{ "bss", 0, optional_argument, "size",
	  "the same as --data: data and bss are one segment",
	  opt_page, AT(bss), 0 },
	{ "disable", 0, no_argument, NULL,
	  "put nothing on huge pages, whatever the program's flags say",
	  opt_flag, AT(disable), 0 },
	{ "share-text", 0, no_argument, NULL,
	  "share read-only segments between runs (HUGETLB_SHARE=1)",
	  opt_flag, AT(share), 0 },
	{ "backing", 0, required_argument, "mode",
	  "auto, file, hugetlb or thp: what may back them (HUGELINK_BACKING)",
	  opt_backing, 0, 0 },
	{ "libs", 0, required_argument, "list",
	  "also these libraries that were not relinked, their aligned "
	  "interiors (HUGELINK_LIBS: names, paths or all)", opt_libs, 0, 0 },
	{ "heap", 0, optional_argument, "size",
	  "not hugelink's: asks glibc's malloc for huge pages",
	  opt_heap, 0, CTL_HEAP_DEFAULT },
	{ "thp", 0, no_argument, NULL,
	  "not hugelink's: asks glibc's malloc for transparent huge pages",
	  opt_heap, 0, CTL_HEAP_THP },
	{ "shm", 0, optional_argument, "size",
	  "not supported: hugelink does not back shared memory",
	  opt_shm, 0, 0 },
	{ "no-reserve", 0, no_argument, NULL,
	  "accepted and ignored: the runtime always reserves its pages",
	  opt_flag, AT(no_reserve), 0 },
	{ "no-preload", 0, no_argument, NULL, "never preload the runtime",
	  opt_preload, 0, CTL_PRELOAD_NEVER },
	{ "force-preload", 0, no_argument, NULL,
	  "preload the runtime even into a program that links it",
	  opt_preload, 0, CTL_PRELOAD_ALWAYS },
	{ "library-path", 0, required_argument, "dir",
	  "use the runtime in DIR, or in DIR's lib directories (a prefix), "
	  "instead of the one next to hugectl",
	  opt_library, 0, 0 },
	{ "library-use-path", 0, no_argument, NULL,
	  "let ld.so find the runtime; leave LD_LIBRARY_PATH alone",
	  opt_library, 0, 0 },
	{ "dry-run", 0, no_argument, NULL,
	  "print the variables, one NAME=value per line; run nothing",
	  opt_mode, 0, CTL_DRY_RUN },
	{ "share-list", 0, no_argument, NULL,
	  "list the shared files (--share-text): program, segment, pages "
	  "held, in use, stale", opt_mode, 0, CTL_SHARE_LIST },
	{ "share-clean", 0, optional_argument, "all",
	  "remove the stale shared files, or all of them",
	  opt_clean, 0, CTL_SHARE_CLEAN },
	{ "prime", 0, no_argument, NULL,
	  "read the read-only segments of the files named back into the "
	  "page cache in huge folios",
	  opt_mode, 0, CTL_PRIME },
	{ "verbose", 0, required_argument, "level",
	  "set the verbosity, 0 to 99 (exported as HUGETLB_VERBOSE)",
	  opt_verbose, 0, 0 },
	{ NULL, 'v', no_argument, NULL, "raise the verbosity by one",
	  opt_step, 0, 1 },
	{ NULL, 'q', no_argument, NULL, "lower the verbosity by one",
	  opt_step, 0, -1 },
	{ "help", 'h', no_argument, NULL, "print this help and exit",
	  opt_info, 0, CTL_HELP },
	{ "version", 0, no_argument, NULL, "print hugelink's version and exit",
	  opt_info, 0, CTL_VERSION },
};

#define NOPTIONS (sizeof(options) / sizeof(options[0]))
#define LONG_BASE 256	/* getopt values of long-only rows: LONG_BASE + row */

/* Build getopt_long's tables from the one above. */
static void getopt_tables(struct option *lo, char *shorts)
{
	size_t n = 0;

	*shorts++ = '+';	/* stop at the program's name */
	*shorts++ = ':';	/* report a missing argument as ':' */
	for (size_t i = 0; i < NOPTIONS; i++) {
		if (options[i].letter)
			*shorts++ = options[i].letter;
		if (!options[i].name)
			continue;
		lo[n].name = options[i].name;
		lo[n].has_arg = options[i].has_arg;
		lo[n].flag = NULL;
		lo[n].val = options[i].letter ? options[i].letter
					      : LONG_BASE + (int)i;
		n++;
	}
	*shorts = '\0';
	memset(&lo[n], 0, sizeof(lo[n]));
}

static const struct ctl_option *row_for(int val)
{
	if (val >= LONG_BASE)
		return &options[val - LONG_BASE];
	for (size_t i = 0; i < NOPTIONS; i++)
		if (options[i].letter == val)
			return &options[i];
	return NULL;
}

/* libhugetlbfs 2.23's hugectl options: an abbreviation of one of them
 * that it took keeps that meaning, where hugelink's own options make it
 * ambiguous (--share, --ver, --b). */
static const char *const libhugetlbfs_names[] = {
	"help", "verbose", "no-preload", "no-reserve", "force-preload",
	"dry-run", "library-path", "library-use-path", "share-text",
	"disable", "text", "data", "bss", "heap", "shm", "thp",
};

/* The row whose long name starts with the LEN bytes of NAME, when one
 * alone does among libhugetlbfs's names, or NULL. */
static const struct ctl_option *libhugetlbfs_row(const char *name,
						 size_t len)
{
	const char *found = NULL;
	size_t n = sizeof(libhugetlbfs_names) / sizeof(libhugetlbfs_names[0]);

	for (size_t i = 0; i < n; i++) {
		if (strncmp(libhugetlbfs_names[i], name, len))
			continue;
		if (found)
			return NULL;
		found = libhugetlbfs_names[i];
	}
	for (size_t i = 0; found && i < NOPTIONS; i++)
		if (options[i].name && !strcmp(options[i].name, found))
			return &options[i];
	return NULL;
}

/* Write into A's room the long names that start with the LEN bytes of
 * NAME, for the message of an ambiguous abbreviation. */
static int ambiguous(const struct ctl_arg *a, const char *name, size_t len)
{
	char names[200] = "";
	size_t used = 0;

	for (size_t i = 0; i < NOPTIONS && used < sizeof(names); i++)
		if (options[i].name && !strncmp(options[i].name, name, len))
			used += (size_t)snprintf(names + used,
						 sizeof(names) - used,
						 "%s--%s", used ? ", " : "",
						 options[i].name);
	return fail(a, "--%.*s: ambiguous: %s", (int)len, name, names);
}

/*
 * ARG, a long option getopt did not take, read as libhugetlbfs read it
 * (libhugetlbfs_row), with its argument after '=' or, where it needs
 * one, the next of ARGV's ARGC words (optind moves past it).  Sets
 * A->row and A->arg; -1 with the message in A when it is none.
 */
static int abbreviation(int argc, char **argv, const char *arg,
			struct ctl_arg *a)
{
	const char *name = arg + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	size_t matches = 0;

	a->row = libhugetlbfs_row(name, len);
	for (size_t i = 0; !a->row && len && i < NOPTIONS; i++)
		matches += options[i].name &&
			   !strncmp(options[i].name, name, len);
	if (matches > 1)
		return ambiguous(a, name, len);
	if (!a->row || !len)
		return fail(a, "%s: unknown option", arg);
	if (eq && a->row->has_arg == no_argument)
		return fail(a, "--%s: takes no argument", a->row->name);
	a->arg = eq ? eq + 1 : NULL;
	if (!eq && a->row->has_arg == required_argument) {
		if (optind >= argc)
			return fail(a, "--%s: needs an argument",
				    a->row->name);
		a->arg = argv[optind++];
	}
	return 0;
}

/* The message for getopt's '?' or ':' about ARGV[optind - 1]. */
static int bad_option(int c, char **argv, const struct ctl_arg *a)
{
	const char *arg = argv[optind - 1];
	const struct ctl_option *row = optopt ? row_for(optopt) : NULL;

	if (c == ':')
		return fail(a, "%s: needs an argument", arg);
	if (optopt && strncmp(arg, "--", 2))
		return fail(a, "-%c: unknown option", optopt);
	if (row && row->name && strchr(arg, '='))
		return fail(a, "--%s: takes no argument", row->name);
	return fail(a, "%s: unknown option", arg);
}

/*
 * --prime's files, gathered from among the options that follow them, as
 * GNU getopt permutes: ARGV[first..first + n) are the files so far.
 */
struct ctl_files {
	int first, n;
	bool ended;		/* "--" came: the rest are files */
};

/* Whether --prime chose the mode: the words after its files are still
 * options, for it runs no program whose arguments they could be. */
static bool priming(const struct ctl_opts *o)
{
	return o->mode && !strcmp(o->mode, "prime");
}

/* Move the option words read since the last file, ARGV[first + n ..
 * optind), before the files, which then end where reading stopped. */
static void files_last(char **argv, struct ctl_files *fl)
{
	for (int i = fl->first + fl->n; i < optind; i++) {
		char *word = argv[i];

		memmove(&argv[fl->first + 1], &argv[fl->first],
			(size_t)fl->n * sizeof(*argv));
		argv[fl->first++] = word;
	}
}

/* While priming, take the word at ARGV[optind] when it is a file or
 * "--", which makes every word after it one.  True when it was taken. */
static bool take_file(const struct ctl_opts *o, int argc, char **argv,
		      struct ctl_files *fl)
{
	const char *word = optind < argc ? argv[optind] : NULL;
	bool end = word && !strcmp(word, "--");

	if (!priming(o) || !word || (word[0] == '-' && word[1] && !end))
		return false;
	if (!fl->n)
		fl->first = optind;
	files_last(argv, fl);
	optind++;
	fl->ended = end;
	if (end)	/* "--" goes before the files, with the options */
		files_last(argv, fl);
	else
		fl->n++;
	return true;
}

/* Where the program, or --prime's files, start: NULL when none. */
static char **operands(int argc, char **argv, struct ctl_files *fl)
{
	if (!fl->n)
		return optind < argc ? &argv[optind] : NULL;
	files_last(argv, fl);
	return &argv[fl->first];
}

int ctl_parse(struct ctl_opts *o, int argc, char **argv, int verbose,
	      char *err, size_t len)
{
	struct option lo[NOPTIONS + 1];
	char shorts[NOPTIONS + 3];
	struct ctl_arg a = { .err = err, .len = len };
	struct ctl_files fl = { 0 };
	int c;

	memset(o, 0, sizeof(*o));
	o->verbose = verbose;
	getopt_tables(lo, shorts);
	optind = 0;	/* glibc: start afresh, whatever ran before */
	opterr = 0;
	for (;;) {
		if (!fl.ended && take_file(o, argc, argv, &fl))
			continue;
		if (fl.ended ||
		    (c = getopt_long(argc, argv, shorts, lo, NULL)) == -1)
			break;
		if (c == '?' && !optopt &&
		    !strncmp(argv[optind - 1], "--", 2)) {
			if (abbreviation(argc, argv, argv[optind - 1], &a))
				return -1;
		} else if (c == '?' || c == ':') {
			return bad_option(c, argv, &a);
		} else {
			a.row = row_for(c);
			a.arg = optarg;
		}
		if (a.row->apply(o, &a))
			return -1;
	}
	o->argv = operands(argc, argv, &fl);
	if (o->action == CTL_RUN && !o->argv)
		return fail(&a, "no program named");
	if (o->action == CTL_PRIME && !o->argv)
		return fail(&a, "--prime: no file named");
	if ((o->action == CTL_SHARE_LIST || o->action == CTL_SHARE_CLEAN) &&
	    o->argv)
		return fail(&a, "--%s: takes no file or program, but %s "
			    "follows the options", o->mode, o->argv[0]);
	return 0;
}

static void usage_row(FILE *out, const struct ctl_option *row)
{
	char names[40];
	const char *fmt = row->has_arg == optional_argument ? "--%s[=%s]" :
			  row->has_arg == required_argument ? "--%s %s" :
			  "--%s";

	if (row->name && row->letter)
		snprintf(names, sizeof(names), "-%c, --%s", row->letter,
			 row->name);
	else if (row->name)
		snprintf(names, sizeof(names), fmt, row->name, row->arg);
	else
		snprintf(names, sizeof(names), "-%c", row->letter);
	fprintf(out, "  %-24s %s\n", names, row->help);
}

void ctl_usage(FILE *out)
{
	const char *me = program_invocation_short_name;

	fprintf(out, "usage: %s [option ...] program [argument ...]\n"
		"       %s --dry-run [option ...] [program]\n"
		"       %s --prime [option ...] file ...\n", me, me, me);
	fputs("Run PROGRAM with its text, data and bss on huge pages.\n\n"
	      "options:\n", out);
	for (size_t i = 0; i < NOPTIONS; i++)
		usage_row(out, &options[i]);
	fputs("\nA size is a page size such as 2M or 1G; without one, the "
	      "default huge page size.\n--dry-run, --prime, --share-list and "
	      "--share-clean exclude one another.\n\n"
	      "exit status: the program's own once it runs; 0 after --dry-run, "
	      "--help or\n--version, or --prime of files all primed; 1 after "
	      "--prime when some file\nhas nothing in huge folios; 125 when "
	      "hugectl fails (a bad or unsupported\noption, two of those "
	      "modes, no runtime to preload); 126 when the program\ncannot "
	      "be executed (or is an ELF file hugectl finds malformed); 127 "
	      "when it\nis not found.\n",
	      out);
}

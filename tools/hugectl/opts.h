/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_OPTS_H
#define TOOLS_HUGECTL_OPTS_H
/*
 * hugectl's command line, parsed from one table (tools/hugectl/opts.c) that
 * also prints --help.  A new option is a row in that table and a
 * function that records it in struct ctl_opts; a new mode of operation
 * is a value of enum ctl_action.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What hugectl does once the options are read. */
enum ctl_action {
	CTL_RUN,		/* set the variables and exec the program */
	CTL_DRY_RUN,		/* print the variables instead */
	CTL_HELP,		/* print the usage */
	CTL_VERSION,		/* print the version */
	CTL_SHARE_LIST,		/* list the shared files */
	CTL_SHARE_CLEAN,	/* remove the stale (or all) shared files */
	CTL_PRIME,		/* read files back in huge folios */
};

enum ctl_preload {
	CTL_PRELOAD_AUTO,	/* when the program does not link the runtime */
	CTL_PRELOAD_NEVER,	/* --no-preload */
	CTL_PRELOAD_ALWAYS,	/* --force-preload */
};

enum ctl_lib {
	CTL_LIB_OWN,		/* the runtime next to hugectl */
	CTL_LIB_DIR,		/* --library-path DIR */
	CTL_LIB_SYSTEM,		/* --library-use-path: ld.so searches */
};

/* glibc.malloc.hugetlb values hugectl sets for --thp and --heap. */
#define CTL_HEAP_THP 1ull
#define CTL_HEAP_DEFAULT 2ull

struct ctl_opts {
	enum ctl_action action;
	const char *mode;		/* the long option that chose a mode
					   (--dry-run, --prime, ...), or NULL */
	/* 0: not asked; HL_PAGE_DEFAULT or a page size in bytes. */
	size_t text, data, bss;
	unsigned long long heap;	/* glibc.malloc.hugetlb, 0: not asked */
	bool disable, share, no_reserve;
	bool clean_all;			/* --share-clean=all */
	enum ctl_preload preload;
	enum ctl_lib lib;
	const char *libdir;		/* with CTL_LIB_DIR */
	const char *backing;		/* --backing: auto, file, hugetlb, thp */
	const char *libs;		/* --libs: HUGELINK_LIBS */
	int verbose;			/* 0..99 */
	char **argv;			/* the program and its arguments */
};

/*
 * Parse ARGV[0..ARGC) into O, starting from verbosity VERBOSE (what the
 * environment says).  Parsing stops at the first argument that is not an
 * option, which names the program.  After --prime, which runs no
 * program, the files may come among the options, as GNU getopt permutes
 * them, up to "--": ARGV is permuted so that the files come last, and
 * O->argv points to the first.  --share-list and --share-clean take
 * no such word.  Returns 0, or -1 with the reason in ERR.  Uses
 * getopt_long, so it resets optind.
 */
int ctl_parse(struct ctl_opts *o, int argc, char **argv, int verbose,
	      char *err, size_t len);

/* Print the usage, the options and the exit statuses to OUT. */
void ctl_usage(FILE *out);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LINKER_OPTIONS_H
#define LINKER_OPTIONS_H
/*
 * The command line: our --hugetlbfs-* options taken out, everything else
 * kept in order, and what that remainder asks of the real linker.
 */
#include <stdbool.h>
#include <stddef.h>

#include "linker/argv.h"

enum lw_mode {
	LW_MODE_NONE,	/* no layout option: the real linker alone */
	LW_MODE_ALIGN,	/* --hugetlbfs-align */
	LW_MODE_B,	/* --hugetlbfs-link=B */
	LW_MODE_BDT,	/* --hugetlbfs-link=BDT */
};

/* Which runtime goes into executables (--hugetlbfs-runtime). */
enum lw_runtime {
	LW_RUNTIME_STATIC,	/* libhugelink.a, inside the program */
	LW_RUNTIME_SHARED,	/* libhugelink.so, with a run path */
};

/* What the output is, as the real linker will decide it (last one wins). */
enum lw_kind { LW_KIND_EXEC, LW_KIND_PIE, LW_KIND_SHARED };

struct lw_opts {
	bool ours;		/* any --hugetlbfs-* option before "--" */
	enum lw_mode mode;	/* --hugetlbfs-link overrides
				   --hugetlbfs-align */
	size_t page_size;	/* --hugetlbfs-page-size, 0 when absent */
	const char *script_dir;	/* --hugetlbfs-script-path, NULL when absent */
	enum lw_runtime runtime; /* --hugetlbfs-runtime, static when absent */
	bool runtime_set;	/* --hugetlbfs-runtime was given */
	bool version;		/* --hugetlbfs-version: print it,
				   link nothing */
	const char *order;	/* --hugetlbfs-order: the function order file */
	bool help;		/* --hugetlbfs-help: list our options,
				   link nothing */

	const char *emulation;	/* the last -m, NULL when absent */
	const char *output;	/* the last -o, "a.out" when absent */
	enum lw_kind kind;
	bool is_static;		/* -static: no shared libraries at all */
	bool relocatable;	/* -r: no layout, no runtime */
	bool info_only;		/* --version, --help, or -v or -V with no
				   input file: nothing is linked */
	bool prints_version;	/* -v or -V */
	bool user_script;	/* -T or --default-script replaces ld's own */
	bool znow;		/* -z now (and not -z lazy after it) */
	bool znorelro;		/* -z norelro (and not -z relro after it) */
	bool zdefs;		/* -z defs or --no-undefined (and not
				   -z undefs after it) */
	bool zseparate;         /* -z [no]separate-code or
				   -z separate-loadable-segments: the user
				   chose how code is kept apart */

	struct lw_argv rest;	/* every other argument, in order */
	size_t options_end;	/* index in REST of "--", else REST's size */
	struct lw_argv script_opts; /* those of them that pick ld's script */
	struct lw_argv inputs;	/* the input files named on the command line */
	struct lw_argv libs;	/* the NAMEs of -lNAME, in order */
	struct lw_argv libdirs;	/* the -L directories, in order */
};

/*
 * Parse ARGS (the expanded command line without the program name) into
 * O, which must be zeroed.  Strings in O point into ARGS, which must
 * outlive it.  Returns 0, or -1 after a message naming the bad option.
 */
int lw_opts_parse(const struct lw_argv *args, struct lw_opts *o);

/* True when A is spelled as an option of ours, with two dashes or with
 * the one that lw_opts_parse refuses. */
bool lw_opts_looks_ours(const char *a);

void lw_opts_free(struct lw_opts *o);

#endif

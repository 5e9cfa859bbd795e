#ifndef HL_OPTIONS_H
#define HL_OPTIONS_H
/*
 * The command line: our --hugetlbfs-* options taken out, everything else
 * kept in order, and what that remainder asks of the real linker.
 */
#include <stdbool.h>
#include <stddef.h>

#include "linker/argv.h"

enum hl_mode {
	HL_MODE_NONE,	/* no layout option: the real linker alone */
	HL_MODE_ALIGN,	/* --hugetlbfs-align */
	HL_MODE_B,	/* --hugetlbfs-link=B */
	HL_MODE_BDT,	/* --hugetlbfs-link=BDT */
};

/* What the output is, as the real linker will decide it (last one wins). */
enum hl_kind { HL_KIND_EXEC, HL_KIND_PIE, HL_KIND_SHARED };

struct hl_opts {
	bool ours;		/* any --hugetlbfs-* option before "--" */
	enum hl_mode mode;	/* --hugetlbfs-link overrides --hugetlbfs-align */
	size_t page_size;	/* --hugetlbfs-page-size, 0 when absent */
	const char *script_dir;	/* --hugetlbfs-script-path, NULL when absent */

	const char *emulation;	/* the last -m, NULL when absent */
	const char *output;	/* the last -o, "a.out" when absent */
	enum hl_kind kind;
	bool is_static;		/* -static: no shared libraries at all */
	bool relocatable;	/* -r: no layout, no runtime */
	bool info_only;		/* --version, --help: nothing is linked */
	bool user_script;	/* -T or --default-script replaces ld's own */
	bool znow;		/* -z now (and not -z lazy after it) */
	bool znorelro;		/* -z norelro (and not -z relro after it) */

	struct hl_argv rest;	/* every other argument, in order */
	size_t options_end;	/* index in REST of "--", else REST's size */
	struct hl_argv script_opts; /* those of them that pick ld's script */
};

/*
 * Parse ARGS (the expanded command line without the program name) into
 * O, which must be zeroed.  Strings in O point into ARGS, which must
 * outlive it.  Returns 0, or -1 after a message naming the bad option.
 */
int hl_opts_parse(const struct hl_argv *args, struct hl_opts *o);

void hl_opts_free(struct hl_opts *o);

#endif

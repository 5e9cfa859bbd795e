/* SPDX-License-Identifier: MIT */
#ifndef CORE_CONFIG_H
#define CORE_CONFIG_H
/*
 * The runtime's configuration: every HUGETLB_* variable it reads, parsed
 * once into a struct that the rest of the start-up treats as const.
 * Values are read as libhugetlbfs read them: one it accepted never turns
 * remapping off, and what hugelink does not understand is ignored with a
 * note.
 *
 * Variables (compatible with libhugetlbfs; see hugelink(7)):
 *   HUGETLB_ELFMAP         "no", or classes R and W, each with an optional
 *                          "=SIZE", joined directly or by ':' ("RW",
 *                          "R:W", "R=2M:W=1G", "W=16M"), each item of
 *                          classes optionally followed by ":cap=SIZE"
 *                          ("R:cap=32M"); a value naming neither leaves
 *                          the segments' flags to decide
 *   HUGETLB_FORCE_ELFMAP   "yes" (or 1, true, on): remap the
 *                          huge-page-aligned interior of segments that
 *                          were not relinked
 *   HUGETLB_MINIMAL_COPY   "no" (or 0, false, off): copy the whole bss
 *                          instead of the pages in use
 *   HUGETLB_DEFAULT_PAGE_SIZE  the size used where none is named
 *   HUGETLB_PATH           hugetlbfs mount(s) to use, ':'-separated
 *   HUGETLB_RESTRICT_EXE   ':'-separated program names; others are left
 *                          alone entirely
 *   HUGETLB_SHARE          "1": keep read-only segments in shared files
 *   HUGETLB_SHARE_PATH     the directory for them
 *   HUGETLB_VERBOSE        0..99 (default 2); HUGETLB_DEBUG: at least 4
 *   HUGETLB_NO_RESERVE     any value, ignored: reserving the pages is
 *                          what keeps the swap safe
 *   HUGELINK_BACKING       "auto" (the default), "file", "hugetlb" or
 *                          "thp": which memory may back the ranges
 *                          (core/backing.h, loader/filetext.h)
 *   HUGELINK_PERF_MAP      "1": after the move, write /tmp/perf-<pid>.map
 *                          naming the functions of the moved text, for
 *                          perf attached later (machine/perfmap.h)
 *   HUGELINK_PRIME         "1": after a start that copied read-only
 *                          ranges because the page cache holds the
 *                          program file in small folios, a detached
 *                          process reads it back in huge ones, so that
 *                          the next start maps the page cache
 *                          (loader/prime.h)
 *   HUGELINK_TEXT          "all" (the default) or "hot": only the hot
 *                          text an order laid first (core/plan.h,
 *                          hl_plan_text) goes on huge pages
 *   HUGELINK_TEXT_BUDGET   N: the most huge pages any text remap takes
 *   HUGELINK_MIN_FILL      0..100 (default 50): the least share, in
 *                          percent, of its huge pages that a segment
 *                          other than text and data must fill to move
 *                          (core/plan.h); 0 moves every segment asked for
 *   HUGELINK_LIBS          shared libraries that were not relinked to
 *                          move too, ':'- or ','-separated: file names
 *                          ("libLLVM-14.so.1") or sonames, absolute paths,
 *                          or "all" (hl_libs_match)
 *   HUGELINK_CTL_PID       set by hugectl: the process ID of the program
 *                          it runs; the runtime in any other process (a
 *                          launcher's child, which inherits it) says
 *                          nothing at the default verbosity
 *
 * A name in the environment that is a mistake for one of these is told
 * by core/varname.h, whose list of names must hold every one read here.
 */
#include <stdbool.h>
#include <stddef.h>

#define HL_CFG_PATH_MAX 256
#define HL_CFG_LIBS_MAX 1024
#define HL_PAGE_DEFAULT ((size_t)-1)	/* a class asked for with no size */
#define HL_MIN_FILL_DEFAULT 50u	/* HUGELINK_MIN_FILL unset, percent */

enum hl_elfmap {
	HL_ELFMAP_UNSET,	/* PF_LINUX_HUGETLB in the binary decides */
	HL_ELFMAP_NO,		/* nothing is remapped */
	HL_ELFMAP_SET,		/* r_page and w_page decide */
};

/* HUGELINK_BACKING: the memory the ranges may go on. */
enum hl_backing_mode {
	HL_BACKING_AUTO,	/* the pool or THP, by the rules of
				   core/backing.h */
	HL_BACKING_HUGETLB,	/* the hugetlb pool only */
	HL_BACKING_THP,		/* transparent huge pages only */
	HL_BACKING_FILE,	/* read-only ranges from the program file's
				   page cache only (loader/filetext.h) */
};

/* HUGELINK_TEXT: how much of an executable segment may move. */
enum hl_text_mode {
	HL_TEXT_ALL,		/* all of it that can */
	HL_TEXT_HOT,		/* only the hot range its order recorded */
};

/* Verbosity levels, as libhugetlbfs numbers them. */
enum { HL_V_ERROR = 1, HL_V_WARN = 2, HL_V_INFO = 3, HL_V_DEBUG = 4 };

struct hl_config {
	enum hl_elfmap elfmap;
	size_t r_page;		/* 0: R not asked; HL_PAGE_DEFAULT or a size */
	size_t w_page;		/* the same for W */
	size_t r_cap;		/* the most bytes of R on huge pages; 0: all */
	size_t w_cap;		/* the same for W */
	bool force;
	bool minimal_copy;
	bool share;
	bool perf_map;		/* HUGELINK_PERF_MAP=1 */
	bool prime;		/* HUGELINK_PRIME=1 */
	int ctl_pid;		/* HUGELINK_CTL_PID, or 0 */
	bool restricted;	/* HUGETLB_RESTRICT_EXE does not name us */
	bool secure;		/* AT_SECURE: the environment was ignored */
	int verbose;		/* HL_V_ERROR under AT_SECURE: no warnings */
	enum hl_backing_mode backing;
	enum hl_text_mode text;	/* HUGELINK_TEXT */
	size_t text_budget;	/* HUGELINK_TEXT_BUDGET, in huge pages;
				   0: none */
	bool min_fill_set;	/* HUGELINK_MIN_FILL was given: min_fill */
	unsigned min_fill;	/* its percent, 0..100; unset: the default */
	size_t default_page;	/* 0: the kernel's default */
	char path[HL_CFG_PATH_MAX];
	char share_path[HL_CFG_PATH_MAX];
	char libs[HL_CFG_LIBS_MAX];	/* HUGELINK_LIBS, or "" */
	char error[192];	/* why HUGETLB_ELFMAP contradicts itself, or
				   "" */
	char note[192];		/* the first value ignored or read leniently */
	bool note_size;		/* the note is about a page size: whoever
				   prints it adds the sizes the machine has
				   (hl_sizes_text) */
};

typedef const char *hl_getenv_fn(const char *name, void *ctx);

/*
 * Fill CFG from the variables GET returns (GET returns NULL for unset
 * ones).  With SECURE set, GET is never called and CFG holds the
 * defaults.  PROG is the program's path or name: HUGETLB_RESTRICT_EXE
 * compares its last component.  A contradictory HUGETLB_ELFMAP leaves a
 * message in CFG->error, and the caller then remaps nothing; a value
 * ignored or read leniently leaves one in CFG->note, and changes nothing
 * else.
 */
void hl_config_read(struct hl_config *cfg, hl_getenv_fn *get, void *ctx,
		    bool secure, const char *prog);

/*
 * What hl_config_read reads from an environment whose only variable of
 * ours is HUGETLB_ELFMAP=R, honoured: the commonest configuration,
 * known without a read (loader/quick.h).
 */
extern const struct hl_config hl_config_r_alone;

/*
 * True when the variables GET returns may ask for a remap by themselves:
 * HUGETLB_ELFMAP or HUGETLB_FORCE_ELFMAP is set, whatever its value.
 * When neither is, hl_config_read would leave CFG->elfmap unset, and
 * only segments flagged in the program can ask: the runtime checks this
 * first, so that a program nobody asked about leaves at once.
 */
bool hl_config_may_ask(hl_getenv_fn *get, void *ctx);

/*
 * True when ENTRY, a NAME=VALUE string of the environment, is a HUGETLB_
 * variable.  Compared with an immediate, byte by byte: it reads no
 * read-only data, so that a start nobody asked about touches none of the
 * runtime's, wherever the object that embeds it keeps that.
 */
bool hl_config_is_hugetlb_var(const char *entry);

/* The last component of PATH, as HUGETLB_RESTRICT_EXE names programs. */
const char *hl_base_name(const char *path);

/*
 * Parse a HUGELINK_BACKING value ("auto", "hugetlb", "thp" or "file",
 * exactly) into *MODE.  Returns 0, or -1 for anything else.
 */
int hl_config_parse_backing(const char *value, enum hl_backing_mode *mode);

/* The HUGELINK_BACKING value that means MODE. */
const char *hl_config_backing_name(enum hl_backing_mode mode);

/* How a HUGELINK_LIBS value names a library (hl_libs_match). */
enum hl_libs_named {
	HL_LIBS_NOT,		/* not at all */
	HL_LIBS_BY_ALL,		/* only through "all" */
	HL_LIBS_BY_NAME,	/* by its name or path */
};

/*
 * How LIST, a HUGELINK_LIBS value, names a library: "all" names every
 * one; an entry with a '/' names the library loaded from that path, PATH
 * (NULL: none known); any other names the library whose file name (NAME,
 * the last component of the path it was loaded from) or soname (SONAME,
 * NULL: none) it is.  Entries are separated by ':' or ','; empty ones
 * name nothing.
 */
enum hl_libs_named hl_libs_match(const char *list, const char *name,
				 const char *soname, const char *path);

/* Parse an HUGETLB_ELFMAP value into CFG: 0, perhaps with CFG->note set,
 * or -1 with CFG->error set. */
int hl_config_parse_elfmap(struct hl_config *cfg, const char *value);

#endif

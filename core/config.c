/* SPDX-License-Identifier: MIT */
/*
 * Reading HUGETLB_* once.  Pure apart from the GET callback: no
 * allocation, no output.  Values are read as libhugetlbfs read them, so
 * that a setting it accepted never stops the remap: what is not
 * understood is ignored, with one note in cfg->note.  Only a
 * contradictory HUGETLB_ELFMAP is an error, in cfg->error.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/size.h"

static void invalid(struct hl_config *cfg, const char *name,
		    const char *value, const char *why)
{
	if (!cfg->error[0])
		snprintf(cfg->error, sizeof(cfg->error), "%s=\"%.60s\": %s",
			 name, value, why);
}

/* Keep the first note: a value read as libhugetlbfs read it, or ignored,
 * that changes nothing else.  True when this one is kept. */
static bool note(struct hl_config *cfg, const char *name, const char *value,
		 const char *what)
{
	if (cfg->note[0])
		return false;
	snprintf(cfg->note, sizeof(cfg->note), "%s=\"%.60s\": %s", name,
		 value, what);
	return true;
}

enum flag { FLAG_NO, FLAG_YES, FLAG_OTHER };

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/*
 * True when A and B are the same letters in any case, ASCII only.  The
 * runtime compares values so at every start: libc's strcasecmp would
 * be bound and its locale's tables read for it.
 */
static bool same_nocase(const char *a, const char *b)
{
	while (*a && lower(*a) == lower(*b))
		a++, b++;
	return lower(*a) == lower(*b);
}

/* True when S starts with PREFIX in any case, ASCII only. */
static bool starts_nocase(const char *s, const char *prefix)
{
	while (*prefix && lower(*s) == lower(*prefix))
		s++, prefix++;
	return !*prefix;
}

/* "yes" and "no", as libhugetlbfs compares them (any case), and also
 * 1/0, true/false and on/off. */
static enum flag parse_flag(const char *value)
{
	static const char *const yes[] = { "yes", "1", "true", "on" };
	static const char *const no[] = { "no", "0", "false", "off" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (same_nocase(value, yes[i]))
			return FLAG_YES;
		if (same_nocase(value, no[i]))
			return FLAG_NO;
	}
	return FLAG_OTHER;
}

/*
 * A flag that libhugetlbfs changes from its default only on the one word
 * that names the other state (HUGETLB_FORCE_ELFMAP on "yes",
 * HUGETLB_MINIMAL_COPY on "no"): any other value leaves *OUT at its
 * default, with a note.
 */
static void read_flag(struct hl_config *cfg, const char *name,
		      const char *value, bool *out)
{
	enum flag f = value ? parse_flag(value) : FLAG_OTHER;

	if (!value)
		return;
	if (f != FLAG_OTHER)
		*out = f == FLAG_YES;
	else
		note(cfg, name, value, *out ?
		     "not no: taken as yes, as libhugetlbfs does" :
		     "not yes: taken as no, as libhugetlbfs does");
}

/*
 * One class letter, R or W, at S[-1] and its optional "=SIZE" at S, into
 * *PAGE (0 while the class is not named).  The size runs as far as a size
 * is written (hl_size_span), as libhugetlbfs read it: in "R=2M,W" the W
 * is a class; without a number it runs to the item's end.  A size that
 * is no page size leaves the class as it was, with a note; two different
 * sizes for one class contradict each other.  Returns the rest of S, or
 * NULL after an error.
 */
static const char *parse_class(struct hl_config *cfg, const char *s,
			       const char *value, size_t *page)
{
	size_t n, size;
	char text[32];

	if (*s != '=') {
		if (!*page)
			*page = HL_PAGE_DEFAULT;
		return s;
	}
	n = hl_size_span(++s);
	if (!n)		/* no number: the whole item is the size */
		n = strcspn(s, ":");
	if (n >= sizeof(text)) {
		note(cfg, "HUGETLB_ELFMAP", value, "a page size too long: "
		     "that class is left out");
		return s + n;
	}
	memcpy(text, s, n);
	text[n] = '\0';
	if (hl_parse_size(text, &size)) {
		cfg->note_size |= note(cfg, "HUGETLB_ELFMAP", value, "not a "
				       "page size: that class is left out");
	} else if (*page && *page != HL_PAGE_DEFAULT && *page != size) {
		invalid(cfg, "HUGETLB_ELFMAP", value, "a class is given two "
			"page sizes");
		return NULL;
	} else {
		*page = size;
	}
	return s + n;
}

/*
 * A "cap=SIZE" item at S (past "cap="), for CLASSES, the classes named in
 * the item before it (bit 0 R, bit 1 W), into CAP.  A size that is not
 * one, or a cap that follows no class, is ignored with a note.  Returns
 * the rest of S.
 */
static const char *parse_cap(struct hl_config *cfg, const char *s,
			     const char *value, unsigned classes, size_t cap[2])
{
	size_t n = strcspn(s, ":"), size;
	char text[32];

	if (n >= sizeof(text)) {
		note(cfg, "HUGETLB_ELFMAP", value, "a cap too long: ignored");
		return s + n;
	}
	memcpy(text, s, n);
	text[n] = '\0';
	if (hl_parse_bytes(text, &size))
		note(cfg, "HUGETLB_ELFMAP", value, "cap= is not a size (use "
		     "e.g. 32M): ignored");
	else if (!classes)
		note(cfg, "HUGETLB_ELFMAP", value, "cap= follows no class, R "
		     "or W (use e.g. R:cap=32M): ignored");
	for (int c = 0; c < 2 && !hl_parse_bytes(text, &size); c++)
		if (classes & (1u << c))
			cap[c] = size;
	return s + n;
}

/*
 * As libhugetlbfs reads it: "no" (any case) turns remapping off; otherwise
 * the classes named anywhere in the value are asked for, R and W in any
 * case, each with an optional "=SIZE" ("RW", "R:W", "R=2M:W=1G").  A
 * value that names neither ("yes") leaves the segments' flags to decide;
 * other characters are ignored.  Both with a note.  An item "cap=SIZE"
 * caps the huge pages of the classes the item before it names
 * ("R:cap=32M", "R=2M:cap=64M:W"), which libhugetlbfs ignored.
 */
int hl_config_parse_elfmap(struct hl_config *cfg, const char *value)
{
	size_t page[2] = { 0, 0 };	/* R, W */
	size_t cap[2] = { 0, 0 };
	unsigned item = 0, before = 0;	/* classes of this item, the last */
	bool other = false;

	cfg->elfmap = HL_ELFMAP_UNSET;
	if (!*value)
		return 0;
	if (same_nocase(value, "no")) {
		cfg->elfmap = HL_ELFMAP_NO;
		return 0;
	}
	for (const char *s = value; *s; ) {
		int c = *s == 'R' || *s == 'r' ? 0 :
			*s == 'W' || *s == 'w' ? 1 : -1;

		if ((s == value || s[-1] == ':') && starts_nocase(s, "cap=")) {
			s = parse_cap(cfg, s + 4, value, before, cap);
		} else if (c < 0) {
			if (*s == ':') {
				before = item;
				item = 0;
			}
			other |= *s++ != ':';
		} else {
			item |= 1u << c;
			s = parse_class(cfg, s + 1, value, &page[c]);
			if (!s)
				return -1;
		}
	}
	if (!page[0] && !page[1]) {
		note(cfg, "HUGETLB_ELFMAP", value, "names no class, R or W: "
		     "the segments' flags decide, as with libhugetlbfs");
		return 0;
	}
	if (other)
		note(cfg, "HUGETLB_ELFMAP", value, "only R, W, their sizes and "
		     "':' are read; the rest is ignored");
	cfg->elfmap = HL_ELFMAP_SET;
	cfg->r_page = page[0];
	cfg->w_page = page[1];
	cfg->r_cap = cap[0];
	cfg->w_cap = cap[1];
	return 0;
}

/* HUGELINK_BACKING's values, by mode. */
static const char *const backing_names[] = {
	[HL_BACKING_AUTO] = "auto",
	[HL_BACKING_HUGETLB] = "hugetlb",
	[HL_BACKING_THP] = "thp",
	[HL_BACKING_FILE] = "file",
};

const char *hl_config_backing_name(enum hl_backing_mode mode)
{
	return (size_t)mode < sizeof(backing_names) / sizeof(backing_names[0]) ?
	       backing_names[mode] : "?";
}

int hl_config_parse_backing(const char *value, enum hl_backing_mode *mode)
{
	for (size_t i = 0; i < sizeof(backing_names) / sizeof(backing_names[0]);
	     i++) {
		if (!strcmp(value, backing_names[i])) {
			*mode = (enum hl_backing_mode)i;
			return 0;
		}
	}
	return -1;
}

/* A value that is none of them is ignored, with a note: auto applies. */
static void read_backing(struct hl_config *cfg, const char *value)
{
	if (value && hl_config_parse_backing(value, &cfg->backing))
		note(cfg, "HUGELINK_BACKING", value, "expected auto, file, "
		     "hugetlb or thp: ignored, auto applies");
}

static void read_text(struct hl_config *cfg, const char *value)
{
	if (!value)
		return;
	if (!strcmp(value, "hot"))
		cfg->text = HL_TEXT_HOT;
	else if (!strcmp(value, "all"))
		cfg->text = HL_TEXT_ALL;
	else
		note(cfg, "HUGELINK_TEXT", value,
		     "expected all or hot: ignored");
}

/* VALUE as a decimal number into *N: 0, or -1 when it is none or above
 * MAX. */
static int parse_decimal(const char *value, size_t max, size_t *n)
{
	const char *s = value;

	*n = 0;
	for (; *s >= '0' && *s <= '9' && *n <= max; s++)
		*n = *n * 10 + (size_t)(*s - '0');
	return *s || s == value || *n > max ? -1 : 0;
}

/* A number of pages, in decimal, from 1. */
static void read_text_budget(struct hl_config *cfg, const char *value)
{
	size_t n;

	if (!value)
		return;
	if (parse_decimal(value, 1000000, &n) || n == 0) {
		note(cfg, "HUGELINK_TEXT_BUDGET", value, "not a number of huge "
		     "pages from 1 to 1000000: ignored");
		return;
	}
	cfg->text_budget = n;
}

/* A percentage, in decimal, from 0 to 100; anything else keeps the
 * default. */
static void read_min_fill(struct hl_config *cfg, const char *value)
{
	size_t n;

	if (!value)
		return;
	if (parse_decimal(value, 100, &n)) {
		note(cfg, "HUGELINK_MIN_FILL", value, "not a percentage from 0 "
		     "to 100: ignored, the default applies");
		return;
	}
	cfg->min_fill = (unsigned)n;
	cfg->min_fill_set = true;
}

/* Anything but 0 and 1 is ignored, with a note: no map is written. */
/* A HUGELINK_ switch NAME: "1" sets *OUT; "0" and unset leave it; any
 * other VALUE is ignored with a note saying what then happens
 * (IGNORED). */
static void read_switch(struct hl_config *cfg, const char *name,
			const char *value, bool *out, const char *ignored)
{
	if (value && !strcmp(value, "1"))
		*out = true;
	else if (value && strcmp(value, "0"))
		note(cfg, name, value, ignored);
}

/* As libhugetlbfs's atoi: 1 shares; 2 (writable segments too) is refused
 * and shares nothing, as in libhugetlbfs; anything else shares nothing. */
static void read_share(struct hl_config *cfg, const char *value)
{
	char *end;
	long v;

	if (!value)
		return;
	v = strtol(value, &end, 10);
	cfg->share = v == 1;
	if (v == 2)
		note(cfg, "HUGETLB_SHARE", value, "sharing writable segments "
		     "is not supported: nothing is shared");
	else if (*end || end == value || (v != 0 && v != 1))
		note(cfg, "HUGETLB_SHARE", value, cfg->share ?
		     "read as 1" : "not 1: nothing is shared");
}

/*
 * HUGELINK_BACKING=thp takes private transparent huge pages only, and
 * never touches hugetlbfs, where the shared files are: HUGETLB_SHARE=1
 * does not apply, with a note.
 */
static void share_against_backing(struct hl_config *cfg, const char *value)
{
	if (!cfg->share || cfg->backing != HL_BACKING_THP)
		return;
	cfg->share = false;
	note(cfg, "HUGETLB_SHARE", value, "does not apply with "
	     "HUGELINK_BACKING=thp, whose transparent huge pages are private: "
	     "nothing is shared");
}

/* A number; above 99 is 99.  Anything else keeps the default. */
static void read_verbose(struct hl_config *cfg, const char *value,
			 const char *debug)
{
	char *end;
	long v;

	if (value) {
		v = strtol(value, &end, 10);
		if (end == value || *end || v < 0)
			note(cfg, "HUGETLB_VERBOSE", value, "not a number "
			     "from 0 to 99: the default, 2, is kept");
		else
			cfg->verbose = v > 99 ? 99 : (int)v;
	}
	if (debug && cfg->verbose < HL_V_DEBUG)
		cfg->verbose = HL_V_DEBUG;
}

/* HUGELINK_CTL_PID: a process ID; anything else is ignored, with a
 * note. */
static void read_ctl_pid(struct hl_config *cfg, const char *value)
{
	char *end;
	long v;

	if (!value)
		return;
	v = strtol(value, &end, 10);
	if (end == value || *end || v <= 0 || v > INT_MAX)
		note(cfg, "HUGELINK_CTL_PID", value, "not a process ID: "
		     "ignored");
	else
		cfg->ctl_pid = (int)v;
}

/* An absolute path, or a ':'-separated list of them when LIST is set;
 * anything else is ignored, with a note. */
static void read_path(struct hl_config *cfg, const char *name,
		      const char *value, char *out, bool list)
{
	const char *p;

	if (!value)
		return;
	if (strlen(value) >= HL_CFG_PATH_MAX) {
		note(cfg, name, value, "too long: ignored");
		return;
	}
	for (p = value; *p; p += strcspn(p, ":"), p += *p == ':') {
		if (*p != '/' || (!list && strchr(value, ':'))) {
			note(cfg, name, value, list ? "not absolute paths "
			     "separated by ':': ignored" :
			     "not an absolute path: ignored");
			return;
		}
	}
	strcpy(out, value);
}

/* True when LIST (':'-separated names) contains NAME. */
static bool list_has(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p; p += strcspn(p, ":"), p += *p == ':')
		if (strcspn(p, ":") == n && !strncmp(p, name, n))
			return true;
	return false;
}

/* The length of the HUGELINK_LIBS entry at P. */
static size_t lib_entry_len(const char *p)
{
	return strcspn(p, ":,");
}

static bool entry_is(const char *p, size_t n, const char *s)
{
	return s && strlen(s) == n && !strncmp(p, s, n);
}

enum hl_libs_named hl_libs_match(const char *list, const char *name,
				 const char *soname, const char *path)
{
	enum hl_libs_named named = HL_LIBS_NOT;

	for (const char *p = list; *p; p += lib_entry_len(p), p += *p != '\0') {
		size_t n = lib_entry_len(p);

		if (!n)
			continue;
		if (entry_is(p, n, "all"))
			named = HL_LIBS_BY_ALL;
		else if (memchr(p, '/', n) ? entry_is(p, n, path) :
			 entry_is(p, n, name) || entry_is(p, n, soname))
			return HL_LIBS_BY_NAME;
	}
	return named;
}

static void read_libs(struct hl_config *cfg, const char *value)
{
	if (!value)
		return;
	if (strlen(value) >= sizeof(cfg->libs))
		note(cfg, "HUGELINK_LIBS", value, "too long: ignored");
	else
		strcpy(cfg->libs, value);
}

static void read_elfmap(struct hl_config *cfg, hl_getenv_fn *get, void *ctx)
{
	const char *v = get("HUGETLB_ELFMAP", ctx);

	if (v)
		hl_config_parse_elfmap(cfg, v);
	read_flag(cfg, "HUGETLB_FORCE_ELFMAP", get("HUGETLB_FORCE_ELFMAP", ctx),
		  &cfg->force);
	/* Forcing with no classes named means both: there are no flags. */
	if (cfg->force && cfg->elfmap == HL_ELFMAP_UNSET) {
		cfg->elfmap = HL_ELFMAP_SET;
		cfg->r_page = cfg->w_page = HL_PAGE_DEFAULT;
	}
}

bool hl_config_may_ask(hl_getenv_fn *get, void *ctx)
{
	return get("HUGETLB_ELFMAP", ctx) || get("HUGETLB_FORCE_ELFMAP", ctx);
}

bool hl_config_is_hugetlb_var(const char *entry)
{
	uint64_t want = 0x5f424c5445475548;	/* "HUGETLB_", first byte low */

	for (int i = 0; i < 8; i++, want >>= 8)
		if ((unsigned char)entry[i] != (want & 0xff))
			return false;
	return true;
}

const char *hl_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

const struct hl_config hl_config_r_alone = {
	.elfmap = HL_ELFMAP_SET,
	.r_page = HL_PAGE_DEFAULT,
	.minimal_copy = true,
	.verbose = HL_V_WARN,
};

void hl_config_read(struct hl_config *cfg, hl_getenv_fn *get, void *ctx,
		    bool secure, const char *prog)
{
	const char *v;

	memset(cfg, 0, sizeof(*cfg));
	cfg->minimal_copy = true;
	cfg->secure = secure;
	/*
	 * A privileged program says nothing but what cannot wait (the fatal
	 * messages, which hold no address): its user can make a remap fail
	 * at will (ulimit -v survives a set-uid exec), and the warning would
	 * name addresses that user may not read from /proc/PID/maps.
	 */
	cfg->verbose = secure ? HL_V_ERROR : HL_V_WARN;
	if (secure)
		return;

	v = get("HUGETLB_RESTRICT_EXE", ctx);
	if (v && !list_has(v, prog ? hl_base_name(prog) : "")) {
		cfg->restricted = true;
		return;
	}
	read_verbose(cfg, get("HUGETLB_VERBOSE", ctx),
		     get("HUGETLB_DEBUG", ctx));
	read_elfmap(cfg, get, ctx);
	read_flag(cfg, "HUGETLB_MINIMAL_COPY", get("HUGETLB_MINIMAL_COPY", ctx),
		  &cfg->minimal_copy);
	/* HUGETLB_NO_RESERVE is not read: reserving the pages is what keeps
	 * the swap safe. */
	read_share(cfg, get("HUGETLB_SHARE", ctx));
	read_backing(cfg, get("HUGELINK_BACKING", ctx));
	share_against_backing(cfg, get("HUGETLB_SHARE", ctx));
	read_text(cfg, get("HUGELINK_TEXT", ctx));
	read_text_budget(cfg, get("HUGELINK_TEXT_BUDGET", ctx));
	read_min_fill(cfg, get("HUGELINK_MIN_FILL", ctx));
	read_switch(cfg, "HUGELINK_PERF_MAP", get("HUGELINK_PERF_MAP", ctx),
		    &cfg->perf_map,
		    "expected 0 or 1: ignored, no map is written");
	read_switch(cfg, "HUGELINK_PRIME", get("HUGELINK_PRIME", ctx),
		    &cfg->prime, "expected 0 or 1: ignored, nothing is primed");
	read_libs(cfg, get("HUGELINK_LIBS", ctx));
	read_ctl_pid(cfg, get("HUGELINK_CTL_PID", ctx));
	v = get("HUGETLB_DEFAULT_PAGE_SIZE", ctx);
	if (v && hl_parse_size(v, &cfg->default_page)) {
		cfg->default_page = 0;
		cfg->note_size |= note(cfg, "HUGETLB_DEFAULT_PAGE_SIZE", v,
				       "not a page size: the kernel's default "
				       "is used");
	}
	read_path(cfg, "HUGETLB_PATH", get("HUGETLB_PATH", ctx), cfg->path,
		  true);
	read_path(cfg, "HUGETLB_SHARE_PATH", get("HUGETLB_SHARE_PATH", ctx),
		  cfg->share_path, false);
}

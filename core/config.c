/*
 * Reading HUGETLB_* once.  Pure apart from the GET callback: no
 * allocation, no output; an invalid value is recorded in cfg->error for
 * the caller to report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/config.h"
#include "core/size.h"

static void invalid(struct hl_config *cfg, const char *name,
		    const char *value, const char *why)
{
	if (!cfg->error[0])
		snprintf(cfg->error, sizeof(cfg->error), "%s=\"%.60s\": %s",
			 name, value, why);
}

/* Parse "yes"/"no" (any case) into *OUT; 0, or -1 for anything else. */
static int parse_yes_no(const char *value, bool *out)
{
	if (!strcasecmp(value, "yes"))
		*out = true;
	else if (!strcasecmp(value, "no"))
		*out = false;
	else
		return -1;
	return 0;
}

/* One class letter and its optional "=SIZE"; returns the rest of S. */
static const char *parse_class(struct hl_config *cfg, const char *s,
			       const char *value)
{
	size_t *slot = (*s == 'R' || *s == 'r') ? &cfg->r_page : &cfg->w_page;
	char size[32];
	size_t n;

	if (*slot) {
		invalid(cfg, "HUGETLB_ELFMAP", value, "a class is named twice");
		return NULL;
	}
	*slot = HL_PAGE_DEFAULT;
	if (*++s != '=')
		return s;
	n = strcspn(++s, ":");
	if (n >= sizeof(size)) {
		invalid(cfg, "HUGETLB_ELFMAP", value, "page size too long");
		return NULL;
	}
	memcpy(size, s, n);
	size[n] = '\0';
	if (hl_parse_size(size, slot)) {
		invalid(cfg, "HUGETLB_ELFMAP", value,
			"not a page size (use e.g. 2M or 1G)");
		return NULL;
	}
	return s + n;
}

int hl_config_parse_elfmap(struct hl_config *cfg, const char *value)
{
	const char *s = value;

	if (!*value) {
		cfg->elfmap = HL_ELFMAP_UNSET;
		return 0;
	}
	if (!strcasecmp(value, "no")) {
		cfg->elfmap = HL_ELFMAP_NO;
		return 0;
	}
	cfg->r_page = cfg->w_page = 0;
	while (*s) {
		if (!strchr("RrWw", *s)) {
			invalid(cfg, "HUGETLB_ELFMAP", value,
				"expected R, W, RW, R=SIZE:W=SIZE or no");
			return -1;
		}
		s = parse_class(cfg, s, value);
		if (!s)
			return -1;
		if (*s == ':' && s[1])
			s++;
		else if (*s == ':') {
			invalid(cfg, "HUGETLB_ELFMAP", value, "trailing ':'");
			return -1;
		}
	}
	cfg->elfmap = HL_ELFMAP_SET;
	return 0;
}

int hl_config_parse_backing(const char *value, enum hl_backing_mode *mode)
{
	static const char *const names[] = {
		[HL_BACKING_AUTO] = "auto",
		[HL_BACKING_HUGETLB] = "hugetlb",
		[HL_BACKING_THP] = "thp",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(value, names[i])) {
			*mode = (enum hl_backing_mode)i;
			return 0;
		}
	}
	return -1;
}

static void read_backing(struct hl_config *cfg, const char *value)
{
	if (value && hl_config_parse_backing(value, &cfg->backing))
		invalid(cfg, "HUGELINK_BACKING", value,
			"expected auto, hugetlb or thp");
}

static void read_flag(struct hl_config *cfg, const char *name,
		      const char *value, bool *out)
{
	if (value && parse_yes_no(value, out))
		invalid(cfg, name, value, "expected yes or no");
}

static void read_perf_map(struct hl_config *cfg, const char *value)
{
	if (value && !strcmp(value, "1"))
		cfg->perf_map = true;
	else if (value && strcmp(value, "0"))
		invalid(cfg, "HUGELINK_PERF_MAP", value, "expected 0 or 1");
}

static void read_share(struct hl_config *cfg, const char *value)
{
	if (!value || !strcmp(value, "0"))
		cfg->share = false;
	else if (!strcmp(value, "1"))
		cfg->share = true;
	else if (!strcmp(value, "2"))
		invalid(cfg, "HUGETLB_SHARE", value,
			"sharing writable segments is not supported");
	else
		invalid(cfg, "HUGETLB_SHARE", value, "expected 0 or 1");
}

static void read_verbose(struct hl_config *cfg, const char *value,
			 const char *debug)
{
	char *end;
	long v;

	if (value) {
		v = strtol(value, &end, 10);
		if (end == value || *end || v < 0 || v > 99)
			invalid(cfg, "HUGETLB_VERBOSE", value,
				"expected a number from 0 to 99");
		else
			cfg->verbose = (int)v;
	}
	if (debug && cfg->verbose < HL_V_DEBUG)
		cfg->verbose = HL_V_DEBUG;
}

/* An absolute path, or a ':'-separated list of them when LIST is set. */
static void read_path(struct hl_config *cfg, const char *name,
		      const char *value, char *out, bool list)
{
	const char *p;

	if (!value)
		return;
	if (strlen(value) >= HL_CFG_PATH_MAX) {
		invalid(cfg, name, value, "too long");
		return;
	}
	for (p = value; *p; p += strcspn(p, ":"), p += *p == ':') {
		if (*p != '/' || (!list && strchr(value, ':'))) {
			invalid(cfg, name, value, list ?
				"expected absolute paths separated by ':'" :
				"expected an absolute path");
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

const char *hl_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

void hl_config_read(struct hl_config *cfg, hl_getenv_fn *get, void *ctx,
		    bool secure, const char *prog)
{
	const char *v;
	bool ignored;

	memset(cfg, 0, sizeof(*cfg));
	cfg->minimal_copy = true;
	cfg->verbose = HL_V_WARN;
	cfg->secure = secure;
	if (secure)
		return;

	v = get("HUGETLB_RESTRICT_EXE", ctx);
	if (v && !list_has(v, prog ? hl_base_name(prog) : "")) {
		cfg->restricted = true;
		return;
	}
	read_verbose(cfg, get("HUGETLB_VERBOSE", ctx), get("HUGETLB_DEBUG", ctx));
	read_elfmap(cfg, get, ctx);
	read_flag(cfg, "HUGETLB_MINIMAL_COPY", get("HUGETLB_MINIMAL_COPY", ctx),
		  &cfg->minimal_copy);
	read_flag(cfg, "HUGETLB_NO_RESERVE", get("HUGETLB_NO_RESERVE", ctx),
		  &ignored);
	read_share(cfg, get("HUGETLB_SHARE", ctx));
	read_backing(cfg, get("HUGELINK_BACKING", ctx));
	read_perf_map(cfg, get("HUGELINK_PERF_MAP", ctx));
	v = get("HUGETLB_DEFAULT_PAGE_SIZE", ctx);
	if (v && hl_parse_size(v, &cfg->default_page))
		invalid(cfg, "HUGETLB_DEFAULT_PAGE_SIZE", v,
			"not a page size (use e.g. 2M or 1G)");
	read_path(cfg, "HUGETLB_PATH", get("HUGETLB_PATH", ctx), cfg->path, true);
	read_path(cfg, "HUGETLB_SHARE_PATH", get("HUGETLB_SHARE_PATH", ctx),
		  cfg->share_path, false);
}

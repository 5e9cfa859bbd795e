/* SPDX-License-Identifier: MIT */
/*
 * A program's libraries, found and judged: see libs.h.
 */
#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/open.h"
#include "elf/simulate.h"
#include "machine/resources.h"
#include "machine/sysinfo.h"
#include "tools/inspect/hwcaps.h"
#include "tools/inspect/ldcache.h"
#include "tools/inspect/libs.h"
#include "tools/inspect/model.h"
#include "tools/inspect/proc.h"
#include "tools/inspect/search.h"

#define LIBS_MAX 1024
#define LD_SO_CACHE "/etc/ld.so.cache"

/* What the search needs to know throughout. */
struct finder {
	struct inspect_libs *ls;
	const struct inspect_report *r;
	char *cache;			/* /etc/ld.so.cache, or NULL */
	size_t cache_len;
	const char *ldpath;		/* LD_LIBRARY_PATH, or NULL */
	struct inspect_hwcaps hw;	/* the glibc-hwcaps subdirectories */
	char *prog_origin;
	struct hl_pool_share taken[HL_MAX_SIZES]; /* the pools' pages that the
					   program and the libraries before
					   took: page and wanted */
	int ntaken;
	const char *name;		/* being looked for */
	char found[PATH_MAX];
};

/* glibc's default directories, after the cache: Debian's multiarch ones,
 * then Fedora's, then the plain ones. */
static const char *const x86_64_dirs[] = {
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
	"/usr/lib64", "/lib", "/usr/lib", NULL,
};
static const char *const aarch64_dirs[] = {
	"/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/lib64",
	"/usr/lib64", "/lib", "/usr/lib", NULL,
};
static const char *const plain_dirs[] = { "/lib", "/usr/lib", NULL };

static const char *const *default_dirs(const struct el_file *f)
{
	if (f->machine == EM_X86_64 && f->eh.cls == ELFCLASS64)
		return x86_64_dirs;
	if (f->machine == EM_AARCH64 && f->eh.cls == ELFCLASS64)
		return aarch64_dirs;
	return plain_dirs;
}

/* True when PATH is an ELF file of the program's class and machine: the
 * loader passes over any other.  A path the file inspected names is
 * opened only when it is a regular file. */
static bool usable(const char *path, const struct el_file *prog)
{
	unsigned char h[20];
	uint16_t machine;
	int fd = el_open_regular(path, 0);
	bool ok;

	if (fd < 0)
		return false;
	ok = pread(fd, h, sizeof(h), 0) == (ssize_t)sizeof(h) &&
	     !memcmp(h, ELFMAG, SELFMAG) && h[EI_CLASS] == prog->eh.cls;
	memcpy(&machine, h + 18, sizeof(machine));
	close(fd);
	return ok && machine == prog->machine;
}

static int try_dir(const char *dir, enum inspect_search_from from, void *ctx)
{
	static const char *const names[] = {
		"RPATH", "LD_LIBRARY_PATH", "RUNPATH", "default directory",
	};
	struct finder *fd = ctx;
	struct inspect_lib *l = &fd->ls->lib[fd->ls->n];

	if ((size_t)snprintf(fd->found, sizeof(fd->found), "%s/%s", dir,
			     fd->name) >= sizeof(fd->found) ||
	    !usable(fd->found, fd->r->elf))
		return 0;
	l->from = names[from];
	return 1;
}

/* The chain of objects that loads the library needed by NEEDER. */
static size_t chain_of(const struct finder *fd, int needer,
		       struct inspect_search_obj *chain)
{
	size_t n = 0;

	for (int i = needer; i >= 0 && n < LIBS_MAX;
	     i = fd->ls->lib[i].needer) {
		const struct inspect_lib *l = &fd->ls->lib[i];

		chain[n++] = (struct inspect_search_obj){
			l->dyn.rpath, l->dyn.runpath, l->origin
		};
	}
	return n;
}

/* Look for NAME, needed by NEEDER, as the loader would: into fd->found. */
static bool search(struct finder *fd, const struct el_dynamic *progdyn,
		   int needer, const char *name)
{
	struct inspect_search_obj *chain = calloc(LIBS_MAX + 1, sizeof(*chain));
	struct inspect_lib *l = &fd->ls->lib[fd->ls->n];
	const struct el_dynamic *d = needer < 0 ? progdyn :
				     &fd->ls->lib[needer].dyn;
	size_t n;

	if (!chain)
		return false;
	fd->name = name;
	n = chain_of(fd, needer, chain);
	chain[n++] = (struct inspect_search_obj){
		progdyn->rpath, progdyn->runpath, fd->prog_origin
	};
	if (inspect_search_each(chain, n, fd->ldpath, &fd->hw, try_dir, fd)) {
		free(chain);
		return true;
	}
	free(chain);
	if (d->nodeflib)
		return false;
	l->from = "ld.so.cache";
	if (fd->cache && inspect_ldcache_find(fd->cache, fd->cache_len,
					 fd->r->elf->machine,
					 fd->r->elf->eh.cls, &fd->hw,
					 name, fd->found, sizeof(fd->found)) &&
	    usable(fd->found, fd->r->elf))
		return true;
	for (const char *const *dir = default_dirs(fd->r->elf); *dir; dir++)
		if (inspect_search_dir(*dir, INSPECT_FROM_DEFAULT, &fd->hw,
				  try_dir, fd))
			return true;
	return false;
}

/* True when a library already loaded answers to NAME. */
static bool loaded(const struct inspect_libs *ls, const char *name)
{
	for (size_t i = 0; i < ls->n; i++) {
		const struct inspect_lib *l = &ls->lib[i];

		if (!strcmp(l->name, name) ||
		    (l->dyn.soname && !strcmp(l->dyn.soname, name)))
			return true;
	}
	return false;
}

/* The directory of PATH, made absolute, for $ORIGIN. */
static char *origin_of(const char *path)
{
	char cwd[PATH_MAX], *dir, *slash;

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		dir = strdup(path);
	else if (asprintf(&dir, "%s/%s", cwd, path) < 0)
		dir = NULL;
	if (dir && (slash = strrchr(dir, '/')))
		*(slash == dir ? slash + 1 : slash) = '\0';
	return dir;
}

/* Open library L, found at L->path. */
static void open_lib(struct inspect_lib *l)
{
	l->elf.fd = -1;
	if (el_open(&l->elf, l->path) || el_linkage_read(&l->elf, &l->link) ||
	    el_dynamic_read(&l->elf, &l->dyn)) {
		el_dynamic_free(&l->dyn);
		el_close(&l->elf);
		return;
	}
	l->opened = true;
	l->origin = origin_of(l->path);
}

/* Add NAME, needed by NEEDER (-1: the program, or LD_PRELOAD). */
static int add(struct finder *fd, const struct el_dynamic *progdyn,
	       int needer, const char *name, const char *given_from)
{
	struct inspect_libs *ls = fd->ls;
	struct inspect_lib *l;

	if (loaded(ls, name) || ls->n == LIBS_MAX)
		return 0;
	l = &ls->lib[ls->n];
	memset(l, 0, sizeof(*l));
	l->needer = needer;
	l->name = strdup(name);
	if (!l->name) {
		warn("%s", name);
		return -1;
	}
	if (strchr(name, '/')) {
		l->from = given_from;
		if (usable(name, fd->r->elf))
			l->path = strdup(name);
	} else if (search(fd, progdyn, needer, name)) {
		l->path = strdup(fd->found);
	}
	ls->n++;
	if (l->path)
		open_lib(l);
	return 0;
}

/* How the environment names L in HUGELINK_LIBS, as the runtime would. */
static enum hl_libs_named named(const struct inspect_lib *l,
				const struct hl_config *cfg)
{
	const char *base = hl_base_name(l->path);
	enum hl_libs_named n = hl_libs_match(cfg->libs, base, l->dyn.soname,
					     l->path);
	char real[PATH_MAX];

	if (n != HL_LIBS_BY_NAME && realpath(l->path, real) &&
	    hl_libs_match(cfg->libs, base, l->dyn.soname, real) ==
	    HL_LIBS_BY_NAME)
		return HL_LIBS_BY_NAME;
	return n;
}

/* The pages of PAGE size taken before: a record in FD->taken. */
static struct hl_pool_share *taken(struct finder *fd, size_t page)
{
	for (int i = 0; i < fd->ntaken; i++)
		if (fd->taken[i].page == page)
			return &fd->taken[i];
	if (fd->ntaken == HL_MAX_SIZES)
		return NULL;
	fd->taken[fd->ntaken] = (struct hl_pool_share){ .page = page };
	return &fd->taken[fd->ntaken++];
}

/* Note what ENV's ranges took from its pools. */
static void take(struct finder *fd, const struct hl_backing_env *env)
{
	for (int i = 0; i < env->npool; i++) {
		struct hl_pool_share *t = taken(fd, env->pool[i].page);

		if (t)
			t->wanted += env->pool[i].start - env->pool[i].avail;
	}
}

/*
 * Choose L's backings as the runtime would when it comes to L: with the
 * pools as this machine has them, less what the program and the
 * libraries before it took.
 */
static void choose(struct finder *fd, struct inspect_lib *l)
{
	const struct hl_config *cfg = &fd->r->cfg;
	struct hl_backing_env env = {
		.mode = cfg->backing, .is_library = true
	};
	struct mach_resources offer;

	mach_resources_read(&offer, &env, &l->plan, MACH_SYSFS_HUGEPAGES,
			MACH_SYSFS_THP, cfg->backing != HL_BACKING_THP, true);
	for (int i = 0; i < env.npool; i++) {
		struct hl_pool_share *p = &env.pool[i], *t = taken(fd, p->page);
		long before = t ? t->wanted : 0;

		p->avail = p->start = p->avail > before ? p->avail - before : 0;
	}
	hl_backing_plan(&env, &l->plan, l->backing);
	take(fd, &env);
}

/* What the runtime makes of L, and its plan and backings. */
/*
 * Whether a segment of L that HUGETLB_ELFMAP asks for (any, where it is
 * unset: HUGETLB_FORCE_ELFMAP=yes alone asks for both classes), as
 * planned, spans one of its huge pages (the default size where none is
 * asked): forcing can then move its interior.
 */
static bool spans_page(const struct inspect_lib *l, const struct hl_config *cfg,
		       const struct hl_sizes *sizes)
{
	bool any = cfg->elfmap == HL_ELFMAP_UNSET;

	for (int i = 0; l->plan_ok && i < l->plan.nseg; i++) {
		const struct hl_seg *s = &l->plan.seg[i];
		size_t page = s->page ? s->page : sizes->def;

		if ((any || hl_seg_asked(s)) && page &&
		    s->end - s->start >= page)
			return true;
	}
	return false;
}

static void judge(struct finder *fd, struct inspect_lib *l)
{
	const struct inspect_report *r = fd->r;
	bool flagged = false;

	for (size_t i = 0; i < l->elf.eh.phnum; i++)
		flagged |= l->elf.ph[i].type == PT_LOAD &&
			   (l->elf.ph[i].flags & HL_PF_HUGETLB);
	l->kind = hl_lib_kind(flagged, r->cfg.libs[0] ? named(l, &r->cfg) :
			      HL_LIBS_NOT, l->link.has_note);
	l->relinked = el_sim_relinked(&l->elf, &r->sizes);
	l->bias = el_sim_bias(&l->elf, &r->sizes);
	l->plan_ok = !el_sim_plan_library(&l->plan, &r->cfg, &r->sizes,
					  &l->elf);
	l->spans_page = spans_page(l, &r->cfg, &r->sizes);
	l->moves = l->plan_ok && l->kind != HL_LIB_NONE &&
		   (l->kind != HL_LIB_CARRIER || l->relinked) &&
		   el_sim_remapped(&l->plan);
	if (l->moves)
		choose(fd, l);
}

/* Which copy of the runtime would act, and whether it moves libraries. */
static void acting(struct inspect_libs *ls, const struct inspect_report *r)
{
	ls->acting = NULL;
	if (r->runtime == INSPECT_RT_EMBEDDED) {
		ls->acting = "the program's";
		ls->acts = r->link.has_entry;
		return;
	}
	for (size_t i = 0; i < ls->n; i++)
		if (ls->lib[i].opened && ls->lib[i].link.has_note) {
			ls->acting = ls->lib[i].name;
			ls->acts = ls->lib[i].link.has_entry;
			return;
		}
}

/* LD_PRELOAD's entries, separated by ':' or ' ', first. */
static int add_preloads(struct finder *fd, const struct el_dynamic *progdyn,
			const char *list)
{
	char name[PATH_MAX];

	for (const char *p = list; p && *p; p += strcspn(p, ": "),
	     p += strspn(p, ": ")) {
		size_t n = strcspn(p, ": ");

		if (!n || n >= sizeof(name))
			continue;
		memcpy(name, p, n);
		name[n] = '\0';
		if (add(fd, progdyn, -1, name, "LD_PRELOAD"))
			return -1;
	}
	return 0;
}

static int walk(struct finder *fd, const struct el_dynamic *progdyn,
		hl_getenv_fn *get, void *ctx)
{
	struct inspect_libs *ls = fd->ls;

	if (add_preloads(fd, progdyn, get("LD_PRELOAD", ctx)))
		return -1;
	for (size_t i = 0; i < progdyn->nneeded; i++)
		if (add(fd, progdyn, -1, progdyn->needed[i], "path"))
			return -1;
	for (size_t k = 0; k < ls->n; k++) {
		const struct el_dynamic *d = &ls->lib[k].dyn;

		for (size_t i = 0; i < d->nneeded; i++)
			if (add(fd, progdyn, (int)k, d->needed[i], "path"))
				return -1;
	}
	return 0;
}

int inspect_libs_gather(struct inspect_libs *ls, const struct inspect_report *r,
		   const char *path, hl_getenv_fn *get, void *ctx)
{
	struct finder fd = { .ls = ls, .r = r };
	struct el_dynamic progdyn = { 0 };
	char real[PATH_MAX];
	int rc = -1;

	memset(ls, 0, sizeof(*ls));
	if (!r->link.dynamic || r->runtime == INSPECT_RT_FOREIGN)
		return 0;
	ls->gathered = true;
	ls->lib = calloc(LIBS_MAX, sizeof(*ls->lib));
	fd.prog_origin = origin_of(realpath(path, real) ? real : path);
	if (!ls->lib || !fd.prog_origin || el_dynamic_read(r->elf, &progdyn)) {
		warn("%s", path);
		goto out;
	}
	fd.cache = inspect_read_file(LD_SO_CACHE, &fd.cache_len);
	fd.ldpath = r->cfg.secure ? NULL : get("LD_LIBRARY_PATH", ctx);
	inspect_hwcaps_ask(&fd.hw, r->elf,
			   r->cfg.secure ? NULL : get("GLIBC_TUNABLES", ctx));
	take(&fd, &r->env);
	if (walk(&fd, &progdyn, get, ctx))
		goto out;
	for (size_t i = 0; i < ls->n; i++)
		if (ls->lib[i].opened)
			judge(&fd, &ls->lib[i]);
	acting(ls, r);
	rc = 0;
out:
	el_dynamic_free(&progdyn);
	free(fd.prog_origin);
	free(fd.cache);
	return rc;
}

void inspect_libs_free(struct inspect_libs *ls)
{
	for (size_t i = 0; i < ls->n; i++) {
		struct inspect_lib *l = &ls->lib[i];

		if (l->opened) {
			el_dynamic_free(&l->dyn);
			el_close(&l->elf);
		}
		free(l->name);
		free(l->path);
		free(l->origin);
	}
	free(ls->lib);
	memset(ls, 0, sizeof(*ls));
}

const char *inspect_lib_text(const struct inspect_lib *l)
{
	if (!l->path)
		return "not found";
	if (!l->opened)
		return "cannot be read";
	switch (l->kind) {
	case HL_LIB_FLAGGED:
		return "segments flagged for huge pages (PF_LINUX_HUGETLB)";
	case HL_LIB_NAMED:
		return "named in HUGELINK_LIBS";
	case HL_LIB_ALL:
		return "named by HUGELINK_LIBS=all";
	case HL_LIB_CARRIER:
		return l->relinked ? "relinked, carries the runtime" :
		       "carries the runtime, but is not laid out for huge "
		       "pages";
	case HL_LIB_NONE:
		break;
	}
	if (l->relinked)
		return "laid out for huge pages, but without the runtime: "
		       "name it in HUGELINK_LIBS to move it";
	return l->spans_page ? "not relinked: name it in HUGELINK_LIBS, "
	       "with HUGETLB_FORCE_ELFMAP=yes, to move the interiors of its "
	       "segments" : "not relinked, and none of its segments spans "
	       "a whole huge page: only relinking it can move it";
}

/* SPDX-License-Identifier: MIT */
/*
 * Building hugectl's variables.  The order here is the order --dry-run
 * prints them in.
 */
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "tools/hugectl/env.h"
#include "tools/hugectl/plan.h"

static int set_verbose(struct ctl_vars *v, const struct ctl_opts *o)
{
	if (o->verbose == 99 && ctl_set(v, "HUGETLB_DEBUG", "yes"))
		return -1;
	return ctl_set(v, "HUGETLB_VERBOSE", "%d", o->verbose);
}

/* Put DIR in front of LD_LIBRARY_PATH unless it is there already. */
static int set_library_path(struct ctl_vars *v, const struct ctl_opts *o,
			    const char *libdir, hl_getenv_fn *get, void *ctx)
{
	const char *dir = o->lib == CTL_LIB_DIR ? o->libdir : libdir;
	const char *old = get("LD_LIBRARY_PATH", ctx);
	size_t n = strlen(dir);

	if (o->lib == CTL_LIB_SYSTEM)
		return 0;
	if (!old || !*old)
		return ctl_set(v, "LD_LIBRARY_PATH", "%s", dir);
	if (!strncmp(old, dir, n) && (old[n] == ':' || !old[n]))
		return ctl_set(v, "LD_LIBRARY_PATH", "%s", old);
	return ctl_set(v, "LD_LIBRARY_PATH", "%s:%s", dir, old);
}

/* "R", "R=1G"; "" when the class is not asked for. */
static void elfmap_part(char *buf, size_t len, char cls, size_t page)
{
	char size[32];

	if (!page)
		buf[0] = '\0';
	else if (page == HL_PAGE_DEFAULT)
		snprintf(buf, len, "%c", cls);
	else
		snprintf(buf, len, "%c=%s", cls,
			 hl_format_size(page, size, sizeof(size)));
}

/* The writable class: data and bss are one segment, and data's size wins. */
static size_t w_page(struct ctl_vars *v, const struct ctl_opts *o)
{
	char d[32], b[32];

	if (o->data && o->bss && o->data != o->bss)
		ctl_note(v, HL_V_WARN, "data and bss are one segment: using "
			 "--data's size (%s), not --bss's (%s)",
			 o->data == HL_PAGE_DEFAULT ? "the default" :
			 hl_format_size(o->data, d, sizeof(d)),
			 o->bss == HL_PAGE_DEFAULT ? "the default" :
			 hl_format_size(o->bss, b, sizeof(b)));
	return o->data ? o->data : o->bss;
}

static int set_elfmap(struct ctl_vars *v, const struct ctl_opts *o)
{
	char r[40], w[40];
	size_t wp = w_page(v, o);

	if (o->disable) {
		if (o->text || wp)
			ctl_note(v, HL_V_WARN, "--disable overrides --text, "
				 "--data and --bss");
		return ctl_set(v, "HUGETLB_ELFMAP", "no");
	}
	if (!o->text && !wp)
		return 0;
	elfmap_part(r, sizeof(r), 'R', o->text);
	elfmap_part(w, sizeof(w), 'W', wp);
	return ctl_set(v, "HUGETLB_ELFMAP", "%s%s%s", r,
		       *r && *w ? ":" : "", w);
}

/*
 * --libs: the libraries, and HUGETLB_FORCE_ELFMAP, without which a
 * library that was not relinked keeps every segment on base pages.  It
 * moves only the aligned interiors of what was not relinked, the
 * program's included.
 */
static int set_libs(struct ctl_vars *v, const struct ctl_opts *o)
{
	if (!o->libs || o->disable)
		return 0;
	ctl_note(v, HL_V_INFO, "--libs: HUGETLB_FORCE_ELFMAP=yes: a library "
		 "named that was not relinked can move only the aligned "
		 "interiors of its segments");
	if (ctl_set(v, "HUGELINK_LIBS", "%s", o->libs))
		return -1;
	return ctl_set(v, "HUGETLB_FORCE_ELFMAP", "yes");
}

const char *ctl_runtime(const struct ctl_opts *o, const char *libdir,
			char *buf, size_t len)
{
	if (o->lib == CTL_LIB_SYSTEM)
		snprintf(buf, len, "%s", EL_RUNTIME_SONAME_MAJOR);
	else
		snprintf(buf, len, "%s/%s", o->lib == CTL_LIB_DIR ? o->libdir
				   : libdir, EL_RUNTIME_SONAME_MAJOR);
	return buf;
}

/* Notes for a static program, which can only carry the runtime itself. */
static void note_static(struct ctl_vars *v, const struct ctl_target *t)
{
	if (el_embeds(t->link))
		ctl_note(v, HL_V_INFO, "%s carries the static runtime",
			 t->path);
	else if (t->link->has_symtab)
		ctl_note(v, HL_V_WARN, "%s is statically linked without the "
			 "hugelink runtime, and a static program cannot be "
			 "preloaded: running it unchanged, on base pages; "
			 "relink it with the runtime", t->path);
	else
		ctl_note(v, HL_V_WARN, "%s is statically linked and stripped: "
			 "hugectl cannot tell whether it carries the hugelink "
			 "runtime, and cannot preload it; running it with the "
			 "variables set", t->path);
}

/* How a dynamic program that gets the runtime by itself gets it. */
static const char *carried(const struct el_linkage *l)
{
	return el_embeds(l) ? "embeds the runtime" : "links " EL_RUNTIME_SONAME;
}

/* Whether to preload the runtime into T, with notes saying why. */
static bool want_preload(struct ctl_vars *v, const struct ctl_opts *o,
			 const struct ctl_target *t)
{
	bool force = o->preload == CTL_PRELOAD_ALWAYS;

	if (o->preload == CTL_PRELOAD_NEVER || !t->path)
		return false;
	if (t->missing)
		return force;
	if (t->elf && t->foreign) {
		ctl_note(v, HL_V_WARN, "%s: not preloading the runtime: the "
			 "program is built for another machine or word size",
			 t->path);
		return false;
	}
	if (!t->elf) {
		if (!force)
			ctl_note(v, HL_V_WARN,
				 "%s: not preloading the runtime: %s", t->path,
				 t->unreadable ? "hugectl cannot read it "
				 "to see how it is linked" :
				 "not an ELF program (a script?)");
		return force;
	}
	if (!t->link->dynamic) {
		note_static(v, t);
		return false;
	}
	if (!el_linked(t->link))
		return force || !o->disable;
	if (force)
		ctl_note(v, HL_V_WARN, "--force-preload: %s %s already; one "
			 "copy of the runtime acts, the program's own", t->path,
			 carried(t->link));
	else
		ctl_note(v, HL_V_INFO, "%s %s: no preload needed", t->path,
			 carried(t->link));
	return force;
}

static int set_preload(struct ctl_vars *v, const struct ctl_opts *o,
		       const struct ctl_target *t, const char *libdir,
		       hl_getenv_fn *get, void *ctx)
{
	const char *old = get("LD_PRELOAD", ctx);
	char lib[4096];

	if (!want_preload(v, o, t))
		return 0;
	ctl_runtime(o, libdir, lib, sizeof(lib));
	if (old && el_preloads_runtime(old)) {
		ctl_note(v, HL_V_INFO, "LD_PRELOAD names the runtime already");
		return 0;
	}
	ctl_note(v, HL_V_INFO, "%s: preloading %s", t->path, lib);
	if (old && *old)
		return ctl_set(v, "LD_PRELOAD", "%s:%s", old, lib);
	return ctl_set(v, "LD_PRELOAD", "%s", lib);
}

static int set_heap(struct ctl_vars *v, const struct ctl_opts *o,
		    hl_getenv_fn *get, void *ctx)
{
	const char *old = get("GLIBC_TUNABLES", ctx);
	char tunable[64];

	if (!o->heap)
		return 0;
	snprintf(tunable, sizeof(tunable), "glibc.malloc.hugetlb=%llu",
		 o->heap);
	ctl_note(v, HL_V_WARN, "%s: hugelink does not place the heap; asking "
		 "glibc's malloc (2.35 or later) for %s instead: %s",
		 o->heap == CTL_HEAP_THP ? "--thp" : "--heap",
		 o->heap == CTL_HEAP_THP ? "transparent huge pages" :
		 "huge pages", tunable);
	if (old && *old)
		return ctl_set(v, "GLIBC_TUNABLES", "%s:%s", old, tunable);
	return ctl_set(v, "GLIBC_TUNABLES", "%s", tunable);
}

/*
 * Set before the program's plan is checked, which reads them as the
 * runtime will (HUGETLB_SHARE=1 does not apply with
 * HUGELINK_BACKING=thp, and the check says so).
 */
static int set_share_backing(struct ctl_vars *v, const struct ctl_opts *o)
{
	if (o->share && ctl_set(v, "HUGETLB_SHARE", "1"))
		return -1;
	if (o->backing && ctl_set(v, "HUGELINK_BACKING", "%s", o->backing))
		return -1;
	return 0;
}

static int set_no_reserve(struct ctl_vars *v, const struct ctl_opts *o)
{
	if (o->no_reserve) {
		ctl_note(v, HL_V_INFO, "--no-reserve: the runtime ignores "
			 "HUGETLB_NO_RESERVE; reserving its pages is what "
			 "keeps the swap safe");
		return ctl_set(v, "HUGETLB_NO_RESERVE", "yes");
	}
	return 0;
}

bool ctl_runtime_absent(const struct ctl_opts *o, const struct ctl_target *t,
			hl_getenv_fn *get, void *ctx)
{
	const char *old = get("LD_PRELOAD", ctx);

	return o->preload == CTL_PRELOAD_NEVER && t->elf && !t->foreign &&
	       t->link->dynamic && !el_linked(t->link) &&
	       !(old && el_preloads_runtime(old));
}

/* What the runtime will do in T, when it will be there to do it. */
static int check_plan(struct ctl_vars *v, const struct ctl_opts *o,
		      const struct ctl_target *t, hl_getenv_fn *get, void *ctx)
{
	if (!t->path || !t->elf || t->foreign)
		return 0;
	if (ctl_runtime_absent(o, t, get, ctx) && !o->disable)
		ctl_note(v, HL_V_WARN, "%s does not carry the runtime, and "
			 "--no-preload keeps the shared one out: nothing "
			 "moves unless a library it loads carries the runtime",
			 t->path);
	return ctl_plan_check(v, t, get, ctx);
}

/* --dry-run of a program that cannot be run: one note for all that is
 * left unchecked. */
static void note_missing(struct ctl_vars *v, const struct ctl_opts *o,
			 const struct ctl_target *t)
{
	ctl_note(v, HL_V_WARN, "%s: %s: nothing about the program was "
		 "checked%s", t->path, t->missing,
		 o->preload == CTL_PRELOAD_AUTO ? ", and LD_PRELOAD, which "
		 "depends on how it is linked, is not set" : "");
}

int ctl_env_build(struct ctl_vars *v, const struct ctl_opts *o,
		  const struct ctl_target *t, const char *libdir,
		  hl_getenv_fn *get, void *ctx)
{
	memset(v, 0, sizeof(*v));
	if (set_verbose(v, o) || set_library_path(v, o, libdir, get, ctx) ||
	    set_elfmap(v, o) || set_libs(v, o) || set_share_backing(v, o))
		return -1;
	if (check_plan(v, o, t, get, ctx))
		return -1;
	if (set_preload(v, o, t, libdir, get, ctx) || set_no_reserve(v, o) ||
	    set_heap(v, o, get, ctx))
		return -1;
	if (!t->path && o->preload != CTL_PRELOAD_NEVER)
		ctl_note(v, HL_V_INFO, "no program named: whether to set "
			 "LD_PRELOAD depends on the program");
	if (t->missing)
		note_missing(v, o, t);
	return 0;
}

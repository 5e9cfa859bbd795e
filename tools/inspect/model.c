/*
 * Gathering the inspector's report.  The plan comes from the runtime's
 * planner (elf/simulate.h); the rest is read from the file, the
 * environment, sysfs and the mount table.
 */
#include <string.h>
#include <unistd.h>

#include "elf/simulate.h"
#include "host/sysinfo.h"
#include "tools/inspect/model.h"

static enum in_runtime runtime_of(const struct in_report *r,
				  const struct in_host *host,
				  const char *preload)
{
	const struct el_linkage *l = &r->link;

	if (r->elf->eh.cls != host->cls || r->elf->machine != host->machine)
		return IN_RT_FOREIGN;
	if (!l->dynamic)
		return el_embeds(l) ? IN_RT_STATIC : l->has_symtab ?
		       IN_RT_STATIC_WITHOUT : IN_RT_STATIC_UNKNOWN;
	if (el_embeds(l))
		return IN_RT_EMBEDDED;
	if (l->needs_runtime)
		return IN_RT_NEEDED;
	return preload && el_preloads_runtime(preload) ? IN_RT_PRELOADED :
	       IN_RT_PRELOADABLE;
}

static enum in_serve serve(const struct in_size *s)
{
	long avail = host_pool_available(&s->pool);

	if (!s->needed)
		return IN_SERVE_NOTHING;
	if (s->mount_needed && !s->have_mount)
		return IN_SERVE_NO;
	if ((long)s->needed <= avail)
		return IN_SERVE_YES;
	if ((long)s->needed <= avail + host_pool_headroom(&s->pool))
		return IN_SERVE_OVERCOMMIT;
	return IN_SERVE_NO;
}

static void fill_sizes(struct in_report *r, const char *sysfs)
{
	struct el_pages pages;

	el_sim_pages(&r->plan, &pages);
	r->nsize = r->sizes.navail;
	for (int i = 0; i < r->nsize; i++) {
		struct in_size *s = &r->size[i];

		s->page = r->sizes.avail[i];
		s->is_default = s->page == r->sizes.def;
		for (int k = 0; k < pages.n; k++)
			if (pages.page[k] == s->page)
				s->needed = pages.count[k];
		host_pool_read(&s->pool, sysfs, s->page);
		s->mount_needed = r->cfg.path[0] || r->cfg.share;
		s->have_mount = !host_mount_for_size(s->page, r->cfg.path,
						   s->mount, sizeof(s->mount));
		s->serve = serve(s);
	}
}

int in_gather(struct in_report *r, const struct el_file *f,
	      const struct in_host *host, hl_getenv_fn *get, void *ctx,
	      const char *sysfs)
{
	memset(r, 0, sizeof(*r));
	r->path = f->name;
	r->elf = f;
	if (el_linkage_read(f, &r->link))
		return -1;
	hl_config_read(&r->cfg, get, ctx, false, f->name);
	r->elfmap = get("HUGETLB_ELFMAP", ctx);
	if (host_sizes_read(&r->sizes, r->cfg.default_page))
		r->sizes.navail = 0;
	r->runtime = runtime_of(r, host, get("LD_PRELOAD", ctx));
	r->relinked = el_sim_relinked(f, &r->sizes);
	r->bias = el_sim_bias(f, &r->sizes);
	r->plan_ok = !el_sim_plan(&r->plan, &r->cfg, &r->sizes, f);
	fill_sizes(r, sysfs);
	return 0;
}

size_t in_seg_page(const struct in_report *r, const struct hl_seg *s)
{
	return s->page ? s->page : r->sizes.def;
}

const char *in_runtime_text(enum in_runtime rt)
{
	switch (rt) {
	case IN_RT_EMBEDDED:
		return "dynamic, with the runtime linked in";
	case IN_RT_NEEDED:
		return "linked with the runtime (DT_NEEDED " EL_RUNTIME_SONAME ")";
	case IN_RT_PRELOADED:
		return "not linked with the runtime; LD_PRELOAD loads it";
	case IN_RT_PRELOADABLE:
		return "not linked with the runtime: run it with hugectl, which "
		       "preloads it";
	case IN_RT_STATIC:
		return "static, with the runtime linked in";
	case IN_RT_STATIC_WITHOUT:
		return "static, without the runtime: nothing will put it on huge "
		       "pages until it is relinked with the runtime";
	case IN_RT_STATIC_UNKNOWN:
		return "static and stripped, without the runtime's note: cannot "
		       "tell whether the runtime is linked in";
	case IN_RT_FOREIGN:
		return "built for another machine or word size than this one";
	}
	return "unknown";
}

const char *in_serve_text(enum in_serve s)
{
	switch (s) {
	case IN_SERVE_NOTHING:
		return "nothing needed";
	case IN_SERVE_YES:
		return "yes";
	case IN_SERVE_OVERCOMMIT:
		return "only if overcommit finds the pages";
	case IN_SERVE_NO:
		return "no";
	}
	return "unknown";
}

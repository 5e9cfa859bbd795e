/* SPDX-License-Identifier: MIT */
/*
 * Gathering the inspector's report.  The plan comes from the runtime's
 * planner (elf/simulate.h); the rest is read from the file, the
 * environment, sysfs, the mount table and the page cache.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/size.h"
#include "elf/simulate.h"
#include "elf/usdt.h"
#include "machine/status.h"
#include "machine/sysinfo.h"
#include "tools/inspect/model.h"

static enum inspect_runtime runtime_of(const struct inspect_report *r,
				  const struct inspect_host *host,
				  const char *preload)
{
	const struct el_linkage *l = &r->link;

	if (r->elf->eh.cls != host->cls || r->elf->machine != host->machine)
		return INSPECT_RT_FOREIGN;
	if (!l->dynamic)
		return el_embeds(l) ? INSPECT_RT_STATIC : l->has_symtab ?
		       INSPECT_RT_STATIC_WITHOUT : INSPECT_RT_STATIC_UNKNOWN;
	if (el_embeds(l))
		return INSPECT_RT_EMBEDDED;
	if (l->needs_runtime)
		return INSPECT_RT_NEEDED;
	return preload && el_preloads_runtime(preload) ? INSPECT_RT_PRELOADED :
	       INSPECT_RT_PRELOADABLE;
}

static enum inspect_serve serve(const struct inspect_size *s)
{
	long avail = mach_pool_available(&s->pool);

	if (!s->needed)
		return INSPECT_SERVE_NOTHING;
	if (s->mount_needed && !s->have_mount)
		return INSPECT_SERVE_NO;
	if (s->cgroup_room >= 0 && (long)s->needed > s->cgroup_room)
		return INSPECT_SERVE_NO;
	if ((long)s->needed <= avail)
		return INSPECT_SERVE_YES;
	if ((long)s->needed <= avail + mach_pool_headroom(&s->pool))
		return INSPECT_SERVE_OVERCOMMIT;
	return INSPECT_SERVE_NO;
}

/*
 * Choose each segment's backing as the runtime would, from this machine
 * when SYSFS is its own, else from SYSFS alone (the fuzzer's).
 */
static void choose(struct inspect_report *r, const char *sysfs)
{
	bool live = !strcmp(sysfs, MACH_SYSFS_HUGEPAGES);
	struct mach_status st = { .thp_enabled = 1 };

	/* prctl(PR_SET_THP_DISABLE) is inherited: ours is the program's. */
	if (live)
		mach_status_read(&st);
	memset(&r->env, 0, sizeof(r->env));
	r->env.mode = r->cfg.backing;
	r->env.is_static = hl_phdrs_static(r->elf->ph, r->elf->eh.phnum);
	mach_resources_read(&r->offer, &r->env, &r->plan, sysfs,
			live ? MACH_SYSFS_THP : sysfs,
			live && r->cfg.backing != HL_BACKING_THP,
			st.thp_enabled != 0);
	hl_backing_plan(&r->env, &r->plan, r->backing);
}

static void fill_sizes(struct inspect_report *r, const char *sysfs)
{
	r->nsize = r->sizes.navail;
	for (int i = 0; i < r->nsize; i++) {
		struct inspect_size *s = &r->size[i];
		const struct mach_resources_size *rs;

		s->page = r->sizes.avail[i];
		s->is_default = s->page == r->sizes.def;
		for (int k = 0; k < r->env.npool; k++)
			if (r->env.pool[k].page == s->page)
				s->needed = (size_t)r->env.pool[k].wanted;
		/* A size the plan uses: the reading its backing came from. */
		rs = mach_resources_size(&r->offer, s->page);
		if (rs)
			s->pool = rs->pool;
		else
			mach_pool_read(&s->pool, sysfs, s->page);
		s->mount_needed = r->cfg.path[0] || r->cfg.share;
		s->have_mount = !mach_mount_for_size(s->page, r->cfg.path,
						   s->mount, sizeof(s->mount));
		s->cgroup_room = rs ? rs->cgroup_room : -1;
		if (rs && rs->cgroup_room >= 0)
			snprintf(s->cgroup, sizeof(s->cgroup), "%s",
				 rs->cgroup);
		s->serve = serve(s);
	}
}

/* Whether the plan moves the byte at file address PC to huge pages. */
static bool moved(const struct inspect_report *r, uint64_t pc)
{
	for (int i = 0; r->plan_ok && i < r->plan.nseg; i++) {
		const struct hl_seg *s = &r->plan.seg[i];

		if (s->remap && pc >= s->map_start - r->bias &&
		    pc < s->map_end - r->bias)
			return true;
	}
	return false;
}

static int read_usdt(struct inspect_report *r, const struct el_file *f)
{
	struct el_usdt u;
	int rc = el_usdt_read(f, &u);

	r->usdt.known = u.known;
	r->usdt.probes = u.n;
	for (size_t i = 0; i < u.n; i++)
		r->usdt.moved += moved(r, u.pc[i]);
	el_usdt_free(&u);
	return rc;
}

int inspect_gather(struct inspect_report *r, const struct el_file *f,
	      const struct inspect_host *host, hl_getenv_fn *get, void *ctx,
	      const char *sysfs)
{
	memset(r, 0, sizeof(*r));
	r->path = f->name;
	r->elf = f;
	if (el_linkage_read(f, &r->link))
		return -1;
	hl_config_read(&r->cfg, get, ctx, false, f->name);
	r->elfmap = get("HUGETLB_ELFMAP", ctx);
	if (mach_sizes_read(&r->sizes, r->cfg.default_page))
		r->sizes.navail = 0;
	r->runtime = runtime_of(r, host, get("LD_PRELOAD", ctx));
	r->relinked = el_sim_relinked(f, &r->sizes);
	r->bias = el_sim_bias(f, &r->sizes);
	r->plan_ok = !el_sim_plan(&r->plan, &r->cfg, &r->sizes, f);
	choose(r, sysfs);
	fill_sizes(r, sysfs);
	/* The page cache's huge folios are PMD-sized, whatever the default
	 * huge page size (hugectl --prime primes those). */
	if (r->plan_ok)
		inspect_page_cache_read(&r->page_cache, f,
					hl_pmd_size(r->sizes.base));
	return read_usdt(r, f);
}

size_t inspect_seg_page(const struct inspect_report *r, const struct hl_seg *s)
{
	return s->page ? s->page : r->sizes.def;
}

bool inspect_page_cache_first(const struct inspect_report *r,
			      const struct hl_seg *seg)
{
	const struct inspect_page_cache *pc = &r->page_cache;

	if (!seg->remap || seg->cls != HL_CLASS_R ||
	    (r->cfg.backing != HL_BACKING_AUTO &&
	     r->cfg.backing != HL_BACKING_FILE) || seg->page != pc->page)
		return false;
	for (int i = 0; i < pc->n; i++)
		if (pc->seg[i].phdr == seg->phdr)
			return pc->seg[i].state >= INSPECT_PC_CONGRUENT;
	return false;
}

const char *inspect_backing_why(const struct inspect_report *r, int seg,
			   char *buf, size_t len)
{
	unsigned o = r->backing[seg].obstacles;
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned bit = 1; bit < 1u << HL_OBST_COUNT && used < len;
	     bit <<= 1) {
		if (!(o & bit))
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 used ? "; " : "",
					 hl_obstacle_text(bit));
		if (bit == HL_OBST_THP_OFF && used < len)
			used += (size_t)snprintf(buf + used, len - used,
						 " (%s)", r->offer.thp.why);
	}
	return buf;
}

const char *inspect_runtime_text(enum inspect_runtime rt)
{
	switch (rt) {
	case INSPECT_RT_EMBEDDED:
		return "dynamic, with the runtime linked in";
	case INSPECT_RT_NEEDED:
		return "linked with the runtime (DT_NEEDED " EL_RUNTIME_SONAME
		       ")";
	case INSPECT_RT_PRELOADED:
		return "not linked with the runtime; LD_PRELOAD loads it";
	case INSPECT_RT_PRELOADABLE:
		return "not linked with the runtime: run it with hugectl, "
		       "which preloads it";
	case INSPECT_RT_STATIC:
		return "static, with the runtime linked in";
	case INSPECT_RT_STATIC_WITHOUT:
		return "static, without the runtime: nothing will put it on "
		       "huge pages until it is relinked with the runtime";
	case INSPECT_RT_STATIC_UNKNOWN:
		return "static and stripped, without the runtime's note: "
		       "cannot tell whether the runtime is linked in";
	case INSPECT_RT_FOREIGN:
		return "built for another machine or word size than this one";
	}
	return "unknown";
}

const char *inspect_serve_text(enum inspect_serve s)
{
	switch (s) {
	case INSPECT_SERVE_NOTHING:
		return "nothing needed";
	case INSPECT_SERVE_YES:
		return "yes";
	case INSPECT_SERVE_OVERCOMMIT:
		return "only if overcommit finds the pages";
	case INSPECT_SERVE_NO:
		return "no";
	}
	return "unknown";
}

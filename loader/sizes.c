/* SPDX-License-Identifier: MIT */
/*
 * The page sizes a pass plans with: see sizes.h.
 */
#include "loader/sizes.h"
#include "machine/sysinfo.h"

void ldr_sizes_pass(struct ldr_sizes *z)
{
	z->said = false;
}

bool ldr_sizes_read(struct ldr_sizes *z, size_t default_page,
		    struct ldr_report *rep)
{
	if (z->state == LDR_SIZES_UNKNOWN || z->state == LDR_SIZES_ASSUMED)
		z->state = mach_sizes_read(&z->s, default_page) ?
			   LDR_SIZES_NONE : LDR_SIZES_READ;
	if (z->state == LDR_SIZES_NONE && rep && !z->said) {
		ldr_report_why(rep, "this kernel offers no huge pages");
		z->said = true;
	}
	return z->state == LDR_SIZES_READ;
}

static bool no_size_named(size_t page)
{
	return page == 0 || page == HL_PAGE_DEFAULT;
}

/*
 * Whether IMG may be planned under CFG with the assumed sizes S: the
 * page cache may serve, no size is named, nothing is forced, and IMG is
 * laid out for no more than S's size, with no segment of a page of the
 * next size (tests/unit/core/plan-test.c).
 */
static bool assumable(const struct hl_config *cfg, const struct ldr_image *img,
		      const struct hl_sizes *s)
{
	return (cfg->backing == HL_BACKING_AUTO ||
		cfg->backing == HL_BACKING_FILE) &&
	       !cfg->default_page && !cfg->force &&
	       no_size_named(cfg->r_page) &&
	       no_size_named(cfg->w_page) &&
	       hl_phdrs_below(img->ph, img->phnum, s->def,
			      s->def * (s->base / 8));
}

bool ldr_sizes_for(struct ldr_sizes *z, const struct hl_config *cfg,
		   const struct ldr_image *img, struct ldr_report *rep)
{
	struct hl_sizes a;

	if (z->state == LDR_SIZES_ASSUMED && assumable(cfg, img, &z->s))
		return true;
	if (z->state == LDR_SIZES_UNKNOWN && !mach_sizes_assume(&a) &&
	    assumable(cfg, img, &a)) {
		z->s = a;
		z->state = LDR_SIZES_ASSUMED;
		return true;
	}
	return ldr_sizes_read(z, cfg->default_page, rep);
}

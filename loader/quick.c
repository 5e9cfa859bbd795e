/* SPDX-License-Identifier: MIT */
/*
 * A start served from the page cache without a pass: see quick.h.
 */
#include "machine/bound.h"
#include "machine/env.h"
#include "machine/status.h"
#include "loader/filetext.h"
#include "loader/move.h"
#include "loader/object.h"
#include "loader/quick.h"
#include "loader/report.h"
#include "loader/sizes.h"
#include "loader/trust.h"

/* Whether the variables of ours are exactly HUGETLB_ELFMAP=R. */
static bool asked_alone(void)
{
	struct mach_env_ours env;
	const char *v;

	mach_env_ours_read(&env);
	return env.n == 1 && !env.more &&
	       (v = mach_env_ours_get("HUGETLB_ELFMAP", &env)) &&
	       v[0] == 'R' && !v[1];
}

/* What the walk of the libraries needs. */
struct walk {
	const struct hl_config *cfg;
	struct ldr_sizes *sizes;
};

/* Stop at the first library that is not plainly left alone, with the
 * sizes it takes (the pass, too, looks at the libraries first). */
static int not_left(struct ldr_image *img, size_t index, void *data)
{
	const struct walk *w = data;

	return index && !ldr_object_plainly_left(img, w->cfg, w->sizes);
}

enum ldr_quick_result ldr_quick_start(struct ldr_quick *q)
{
	const struct hl_config *cfg = &hl_config_r_alone;
	struct ldr_sizes sizes = { .state = LDR_SIZES_UNKNOWN };
	struct mach_status status;
	struct ldr_image img;
	struct hl_plan plan;
	struct walk w = { cfg, &sizes };
	struct ldr_move_ctx ctx = {
		.cfg = cfg, .sizes = &sizes, .status = &status,
		.at_start = true,
	};

	if (!asked_alone() || getauxval(AT_SECURE))
		return LDR_QUICK_NOT;
	if (ldr_image_each(&img, not_left, &w) || ldr_image_read(&img, 0) ||
	    !ldr_trust_kernel_loaded(&img) || !ldr_trust_image(NULL, &img) ||
	    !ldr_sizes_for(&sizes, cfg, &img, NULL) ||
	    ldr_move_plan(&plan, &img, &ctx) || !ldr_move_plan_quiet(&plan))
		return LDR_QUICK_NOT;
	mach_status_unread(&status);
	if (!ldr_filetext_serve_at_once(&plan, &img, &ctx))
		return LDR_QUICK_PROBED;
	ldr_stderr_note(&q->err);
	q->bias = img.bias;
	q->phdr = img.phdr;
	q->served = true;
	return LDR_QUICK_SERVED;
}

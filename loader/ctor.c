/* SPDX-License-Identifier: MIT */
/*
 * The runtime's constructor and its entry point.
 *
 * Every copy of the runtime (loader/acting.h) runs this constructor as
 * its object is initialised: the program's after the libraries' and
 * before the program's own constructors; a library's after those of the
 * libraries it depends on and before its own, at start-up or in
 * dlopen().  Each asks the copy that acts for a pass over the loaded
 * objects (loader/pass.h), through that copy's entry point, which may be its
 * own.  A library's constructor can run before the program's copy has
 * run its own: the pass does not depend on it.  The program's copy
 * first tries a start without a pass (loader/quick.h).
 */
#include "core/config.h"
#include "core/note.h"
#include "machine/bound.h"
#include "machine/env.h"
#include "loader/acting.h"
#include "loader/image.h"
#include "loader/pass.h"

void ldr_entry(unsigned abi)
{
	if (abi == HL_ENTRY_ABI)
		ldr_pass();
}

/*
 * Global, though hidden: the wrapper pulls this object out of
 * libhugelink.a by the name (-u ldr_ctor), and the tools look for it in a
 * program's symbol table to see that the runtime was linked in.
 */
void ldr_ctor(void) __attribute__((constructor(101)));

static int flagged(struct ldr_image *img, size_t index, void *ctx)
{
	(void)index;
	(void)ctx;
	return ldr_image_flagged(img);
}

/*
 * Whether anything may be asked of the runtime at all: HUGETLB_ELFMAP or
 * HUGETLB_FORCE_ELFMAP set (ANY_HUGETLB: the environment holds some
 * HUGETLB_ variable), or a segment of a loaded object flagged.  Looked
 * at first, with one pass over the environment and one walk of the
 * loaded objects' program headers, so that a program nobody asked about
 * pays for nothing else.
 */
static bool may_be_asked(bool any_hugetlb)
{
	struct ldr_image img;

	return (any_hugetlb && hl_config_may_ask(mach_env_get, NULL)) ||
	       ldr_image_each(&img, flagged, NULL);
}

/*
 * Nothing asked, but a name in the environment is a mistake for one of
 * ours (HUGTLB_ELFMAP=RW): the copy that acts reads the configuration,
 * which says so (loader/pass.h), once per process.  Under AT_SECURE
 * nothing is read and nothing said.
 */
static void say_odd_names(void)
{
	struct hl_maps maps;

	if (getauxval(AT_SECURE))
		return;
	if (ldr_acting_entry(&maps) == ldr_entry)
		ldr_pass_configure();
	ldr_maps_free(&maps);
}

/* Have the copy that acts run a pass: this one, or another through its
 * entry point. */
static void act(void)
{
	unsigned long long changes = ldr_image_changes();
	struct hl_maps maps;
	ldr_entry_fn *entry = ldr_acting_entry(&maps);

	if (entry == ldr_entry)
		ldr_pass_with_maps(&maps, changes);
	else if (entry)
		entry(HL_ENTRY_ABI);
}

/* The priority is on the declaration above: gcc drops one given only
 * where a function declared without it is defined. */
void ldr_ctor(void)
{
	struct mach_env_glance env;
	bool served;

	mach_env_glance(&env);
	/* A start served without a pass reads no configuration: not one
	 * with a mistake in it to report. */
	served = env.hugetlb && !env.odd && ldr_pass_start_quick();
	if (!served && may_be_asked(env.hugetlb))
		act();
	else if (!served && env.odd)
		say_odd_names();
	ldr_pass_start_done();
}

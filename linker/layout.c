/* SPDX-License-Identifier: MIT */
/*
 * Layout decisions.  GNU ld gets a script made from its own default (so
 * the file is not padded); lld and mold already give every segment its
 * own pages and pad nothing, so -z max-page-size is all they need; gold
 * pads the file, which is acceptable at the default huge page size only.
 */
#include <err.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "linker/emul.h"
#include "linker/layout.h"

#define OURS "--hugetlbfs-"

/* Write the sizes of SIZES (see lw_emul_huge_pages) into BUF: "2M, 1G". */
static void list_sizes(const size_t *sizes, char *buf, size_t len)
{
	char one[32];
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < LW_EMUL_MAX_HUGE && sizes[i] && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       i ? ", " : "",
				       hl_format_size(sizes[i], one,
						      sizeof(one)));
}

/* True when SIZE is a huge page of the target of EMULATION, or when its
 * sizes are not known here; false after a message. */
static bool target_has(const char *emulation, size_t size)
{
	const size_t *sizes = emulation && *emulation ?
			      lw_emul_huge_pages(emulation) : NULL;
	char want[32], list[128];

	if (!sizes)
		return true;
	for (size_t i = 0; i < LW_EMUL_MAX_HUGE && sizes[i]; i++)
		if (sizes[i] == size)
			return true;
	list_sizes(sizes, list, sizeof(list));
	warnx(OURS "page-size=%s: %s has no huge page of %s (%s)",
	      hl_format_size(size, want, sizeof(want)), emulation, want, list);
	return false;
}

/* P and T from the target's default page and --hugetlbfs-page-size. */
static int pages(const struct lw_opts *o, const char *emulation,
		 struct lw_layout *l)
{
	size_t deflt = emulation && *emulation ?
		       lw_emul_page_size(emulation) : 0;

	if (!o->page_size && !deflt) {
		if (emulation && *emulation)
			warnx("no huge page size known for emulation %s; pass "
			      OURS "page-size=SIZE", emulation);
		else
			warnx("cannot tell the target emulation; pass -m "
			      "EMULATION or " OURS "page-size=SIZE");
		return -1;
	}
	if (o->page_size && !target_has(emulation, o->page_size))
		return -1;
	l->page = o->page_size ? o->page_size : deflt;
	/* Pages above the architecture's default (1G on x86-64) are for data
	 * only: aligning text to them would spread the image over more than
	 * the 2 GiB that 32-bit relocations reach. */
	l->text_page = deflt && l->page > deflt ? deflt : l->page;
	return 0;
}

/* --hugetlbfs-link: an installed script of GNU ld's, chosen like GNU ld
 * chooses its own (x, xd for PIE, xs for shared; w with -z now). */
static int link_script(const struct lw_opts *o, enum lw_flavour fl,
		       const char *emulation, struct lw_layout *l)
{
	static const char *const kinds[] = {
		[LW_KIND_EXEC] = "x", [LW_KIND_PIE] = "xd",
		[LW_KIND_SHARED] = "xs",
	};
	const char *mode = o->mode == LW_MODE_B ? "B" : "BDT";
	int n;

	if (fl != LW_FLAVOUR_BFD) {
		warnx(OURS "link=%s needs GNU ld: its scripts are GNU ld "
		      "scripts; use " OURS "align with %s", mode,
		      lw_flavour_name(fl));
		return -1;
	}
	if (o->user_script) {
		warnx(OURS "link=%s cannot be combined with a -T script", mode);
		return -1;
	}
	if (!emulation || !*emulation) {
		warnx(OURS "link=%s needs the target emulation (-m) to find "
		      "its script", mode);
		return -1;
	}
	if (o->page_size && o->page_size != lw_emul_page_size(emulation)) {
		warnx(OURS "link=%s scripts are made for the default huge page "
		      "of %s; " OURS "page-size cannot change them", mode,
		      emulation);
		return -1;
	}
	n = snprintf(l->script_name, sizeof(l->script_name), "%s.%s%s%s",
		     emulation, kinds[o->kind],
		     o->znow && !o->znorelro ? "w" : "", mode);
	if (n < 0 || (size_t)n >= sizeof(l->script_name)) {
		warnx("emulation name too long: %s", emulation);
		return -1;
	}
	l->method = LW_METHOD_SCRIPT;
	l->edit.flag = o->mode == LW_MODE_B ? LW_FLAG_BSS : LW_FLAG_ALL;
	return 0;
}

/* --hugetlbfs-align with a linker that only takes -z max-page-size. */
static int zopts(enum lw_flavour fl, struct lw_layout *l)
{
	if (l->page != l->text_page) {
		if (fl == LW_FLAVOUR_GOLD)
			warnx("gold pads the file to -z max-page-size at every "
			      "segment boundary: pages above the default would "
			      "make it gigabytes; use GNU ld");
		else if (fl != LW_FLAVOUR_BFD)
			warnx("%s aligns every segment to -z max-page-size: "
			      "with pages above the default the image spans "
			      "more than 2 GiB and 32-bit relocations "
			      "overflow; use GNU ld", lw_flavour_name(fl));
		else
			warnx("with a -T script only -z max-page-size can be "
			      "passed, which needs pages no larger than the "
			      "default; drop " OURS "page-size or the -T "
			      "script");
		return -1;
	}
	l->method = LW_METHOD_ZOPTS;
	l->common_page = fl == LW_FLAVOUR_BFD;
	return 0;
}

int lw_layout_decide(const struct lw_opts *o, enum lw_flavour fl,
		     const char *emulation, struct lw_layout *l)
{
	memset(l, 0, sizeof(*l));
	if (o->mode == LW_MODE_NONE || o->relocatable || o->info_only)
		return 0;
	if (pages(o, emulation, l) < 0)
		return -1;
	l->edit.base_align = l->page;
	if (o->mode != LW_MODE_ALIGN)
		return link_script(o, fl, emulation, l);
	if (fl == LW_FLAVOUR_BFD && !o->user_script) {
		l->method = LW_METHOD_GENERATE;
		return 0;
	}
	return zopts(fl, l);
}

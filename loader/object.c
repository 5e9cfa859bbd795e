/* SPDX-License-Identifier: MIT */
/*
 * Which objects move: see object.h.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/note.h"
#include "loader/object.h"
#include "loader/trust.h"

const char *ldr_object_label(const struct ldr_image *img)
{
	return img->main ? NULL : hl_base_name(img->name);
}

/*
 * How CFG->libs names IMG: by its file name or soname, or, for an entry
 * that is a path, by the path it was loaded from, as given or with every
 * link resolved (HUGELINK_LIBS may name either).
 */
static enum hl_libs_named named(const struct ldr_image *img,
				const struct hl_config *cfg)
{
	const char *base = hl_base_name(img->name);
	const char *soname = ldr_image_soname(img);
	enum hl_libs_named n = hl_libs_match(cfg->libs, base, soname,
					     img->name);
	char real[PATH_MAX];

	if (n != HL_LIBS_BY_NAME && strchr(cfg->libs, '/') &&
	    realpath(img->name, real) &&
	    hl_libs_match(cfg->libs, base, soname, real) == HL_LIBS_BY_NAME)
		return HL_LIBS_BY_NAME;
	return n;
}

/*
 * True when IMG, a library, cannot be ours, known without reading its
 * file: no HUGELINK_LIBS, no segment flagged, and, its headers read
 * through as far as its memory goes, no runtime note.  Most libraries
 * of most processes are such; the others have their headers compared
 * with their file.
 */
static bool plainly_not_ours(struct ldr_image *img, const struct hl_config *cfg,
			     const struct hl_maps *maps)
{
	size_t len;

	return !cfg->libs[0] && !ldr_image_flagged(img) &&
	       ldr_trust_memory(maps, img) &&
	       !ldr_image_note(img, HL_NOTE_RUNTIME, &len);
}

/* Whether NAME holds a '/': a loop of its own rather than strchr, whose
 * binding at its first call would cost every start. */
static bool has_slash(const char *name)
{
	while (*name && *name != '/')
		name++;
	return *name == '/';
}

bool ldr_object_has_file(const struct ldr_image *img)
{
	return img->main || (img->phnum && has_slash(img->name));
}

bool ldr_object_plainly_left(const struct ldr_image *img,
			     const struct hl_config *cfg,
			     struct ldr_sizes *sizes)
{
	if (img->main)
		return false;
	if (!ldr_object_has_file(img))
		return true;
	return !cfg->libs[0] && !ldr_image_flagged(img) &&
	       (!ldr_sizes_for(sizes, cfg, img, NULL) ||
		!hl_phdrs_relinked(&sizes->s, img->ph, img->phnum, 0));
}

enum ldr_object_kind ldr_object_kind(struct ldr_image *img,
				   const struct hl_config *cfg,
				   const struct hl_maps *maps,
				   enum hl_lib_kind *lib)
{
	size_t len;

	if (!ldr_object_has_file(img))
		return LDR_OBJ_NONE;
	if (!img->main && plainly_not_ours(img, cfg, maps))
		return LDR_OBJ_NONE;
	/* Headers that are not what the loader mapped: said, then left. */
	if (!ldr_trust_image(maps, img) || img->main) {
		*lib = HL_LIB_NONE;
		return img->main ? LDR_OBJ_PROGRAM : LDR_OBJ_LIBRARY;
	}
	*lib = hl_lib_kind(ldr_image_flagged(img),
			   cfg->libs[0] ? named(img, cfg) : HL_LIBS_NOT,
			   ldr_image_note(img, HL_NOTE_RUNTIME, &len) != NULL);
	return *lib == HL_LIB_NONE ? LDR_OBJ_NONE : LDR_OBJ_LIBRARY;
}

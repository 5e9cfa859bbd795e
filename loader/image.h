/* SPDX-License-Identifier: MIT */
#ifndef LOADER_IMAGE_H
#define LOADER_IMAGE_H
/*
 * One loaded object, as the dynamic linker (or the static start-up code)
 * sees it: its program headers and load bias, taken from
 * dl_iterate_phdr, and what its loaded notes and dynamic section say.
 * The program is the first object; shared libraries follow, in the
 * order they were loaded.  Nothing is read through an object's headers
 * before loader/trust.h has trusted them (TRUST), and then only what
 * lies in the file part of one of its readable PT_LOADs.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"

#define LDR_MAX_PHDRS 64

struct ldr_image {
	size_t phnum;
	uintptr_t bias;
	const void *phdr;	/* the loaded headers:
				   with BIAS, which object */
	const char *name;	/* dlpi_name: the path the loader opened, "" for
				   the program */
	bool main;		/* the program: the first object */
	int trust;		/* enum hl_trust (core/trust.h): none
				   until judged */
	struct hl_phdr ph[LDR_MAX_PHDRS];	/* PHNUM of them, last: an
						   object has a dozen or
						   so */
};

/* True when IMG's headers were judged and may be read through. */
bool ldr_image_trusted(const struct ldr_image *img);

/*
 * Read object INDEX (0: the program) into IMG.  Returns 0, or -1 when
 * there is no such object.  One with more than LDR_MAX_PHDRS headers
 * reads as one with none.
 */
int ldr_image_read(struct ldr_image *img, size_t index);

/*
 * Call FN for each object in turn, in IMG (INDEX its number), until FN
 * returns non-zero; returns that value, or 0.  FN runs inside
 * dl_iterate_phdr, holding the dynamic loader's lock on its list: it
 * reads, and leaves the moving to later.
 */
typedef int ldr_image_fn(struct ldr_image *img, size_t index, void *ctx);
int ldr_image_each(struct ldr_image *img, ldr_image_fn *fn, void *ctx);

/* The number of objects unloaded so far (dlpi_subs): it changes when a
 * dlclose() unmaps one. */
unsigned long long ldr_image_unloads(void);

/* The number of objects loaded and unloaded so far (dlpi_adds plus
 * dlpi_subs): it changes whenever the set of loaded objects does; 0
 * when the loader does not say. */
unsigned long long ldr_image_changes(void);

/* True when some PT_LOAD carries PF_LINUX_HUGETLB. */
int ldr_image_flagged(const struct ldr_image *img);

/* True when ADDR lies in one of IMG's PT_LOADs. */
bool ldr_image_holds(const struct ldr_image *img, uintptr_t addr);

/*
 * The descriptor of the first hugelink note of TYPE (core/note.h) in
 * IMG's loaded PT_NOTE segments, with *LEN its size; NULL when there is
 * none.
 */
const void *ldr_image_note(const struct ldr_image *img, unsigned type,
			  size_t *len);

/*
 * The aarch64 feature bits of IMG's GNU property note, read from its
 * loaded PT_NOTE segments (core/note.h: HL_AARCH64_BTI, ...); 0 when it
 * has none.
 */
uint32_t ldr_image_aarch64_features(const struct ldr_image *img);

/*
 * Copy the GNU build-id from the loaded PT_NOTE segments into OUT (at
 * most MAX bytes).  Returns its length, or 0 when there is none.
 */
size_t ldr_image_build_id(const struct ldr_image *img, unsigned char *out,
			 size_t max);

/* True when the program has text relocations (DT_TEXTREL): its
 * read-only segments then differ from one run to the next. */
int ldr_image_textrel(const struct ldr_image *img);

/*
 * IMG's soname (DT_SONAME), or NULL when it has none or its string table
 * cannot be found in its loaded segments.
 */
const char *ldr_image_soname(const struct ldr_image *img);

#endif

#ifndef RUNTIME_IMAGE_H
#define RUNTIME_IMAGE_H
/*
 * The running program's own program headers and load bias.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"

#define RT_MAX_PHDRS 64

struct rt_image {
	struct hl_phdr ph[RT_MAX_PHDRS];
	size_t phnum;
	uintptr_t bias;
};

/* Read them through dl_iterate_phdr (static programs too).  0 or -1. */
int rt_image_read(struct rt_image *img);

/* True when some PT_LOAD carries PF_LINUX_HUGETLB. */
int rt_image_flagged(const struct rt_image *img);

/*
 * Copy the GNU build-id from the loaded PT_NOTE segments into OUT (at
 * most MAX bytes).  Returns its length, or 0 when there is none.
 */
size_t rt_image_build_id(const struct rt_image *img, unsigned char *out,
			 size_t max);

/* True when the program has text relocations (DT_TEXTREL): its
 * read-only segments then differ from one run to the next. */
int rt_image_textrel(const struct rt_image *img);

#endif

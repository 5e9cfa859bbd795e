#ifndef HL_IMAGE_H
#define HL_IMAGE_H
/*
 * The running program's own program headers and load bias.
 */
#include <stddef.h>
#include <stdint.h>

#include "loader/plan.h"

#define HL_MAX_PHDRS 64

struct hl_image {
	struct hl_phdr ph[HL_MAX_PHDRS];
	size_t phnum;
	uintptr_t bias;
};

/* Read them through dl_iterate_phdr (static programs too).  0 or -1. */
int hl_image_read(struct hl_image *img);

/* True when some PT_LOAD carries PF_LINUX_HUGETLB. */
int hl_image_flagged(const struct hl_image *img);

#endif

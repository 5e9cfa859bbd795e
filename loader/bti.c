/* SPDX-License-Identifier: MIT */
/*
 * Branch target identification: see bti.h.
 *
 * The mark alone does not say that the text is guarded: the kernel
 * guards a static program's text and the dynamic linker's, and the
 * dynamic linker the rest only when it was built to.  So for a marked
 * object, on a CPU that has BTI, the kernel's own word decides: the
 * "bt" flag of the text's mapping in /proc/self/smaps.  A replacement
 * is then guarded exactly when the text it replaces was.
 */
#include <elf.h>
#include <stdbool.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "core/note.h"
#include "core/smaps.h"
#include "loader/bti.h"
#include "machine/bound.h"
#include "machine/file.h"

/* HWCAP2_BTI, which older headers lack. */
#define BTI_HWCAP2 (1ul << 17)

/* Room for /proc/self/smaps: a file larger than this is not searched,
 * and the text counts as unguarded. */
#define SMAPS_ROOM ((size_t)8 << 20)

/* The address of IMG's first executable segment, or 0. */
static uintptr_t text_address(const struct ldr_image *img)
{
	for (size_t i = 0; i < img->phnum; i++)
		if (img->ph[i].type == PT_LOAD && (img->ph[i].flags & PF_X))
			return img->bias + img->ph[i].vaddr;
	return 0;
}

/* True when /proc/self/smaps says the mapping at ADDR is guarded. */
static bool guarded(uintptr_t addr)
{
	struct hl_smaps_map m;
	bool found = false;
	char *buf, *cursor;
	ssize_t n;

	buf = mmap(NULL, SMAPS_ROOM, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (buf == MAP_FAILED)
		return false;
	n = mach_file_read("/proc/self/smaps", buf, SMAPS_ROOM);
	cursor = buf;
	while (n > 0 && (size_t)n < SMAPS_ROOM - 1 &&
	       hl_smaps_next(&cursor, &m) == 1)
		if (m.line.start <= addr && addr < m.line.end) {
			found = m.guarded;
			break;
		}
	munmap(buf, SMAPS_ROOM);
	return found;
}

int ldr_bti_exec_prot(const struct ldr_image *img)
{
	uintptr_t text;

	if (!RAW_PROT_BTI || !(getauxval(AT_HWCAP2) & BTI_HWCAP2) ||
	    !(ldr_image_aarch64_features(img) & HL_AARCH64_BTI))
		return 0;
	text = text_address(img);
	return text && guarded(text) ? RAW_PROT_BTI : 0;
}

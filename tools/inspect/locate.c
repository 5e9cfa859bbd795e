/* SPDX-License-Identifier: MIT */
/*
 * Finding a running program's load bias: see locate.h.
 */
#include <elf.h>
#include <string.h>

#include "tools/inspect/locate.h"

int inspect_auxv_get(const void *auxv, size_t len, int cls, uint64_t type,
		uint64_t *val)
{
	const unsigned char *p = auxv;
	size_t word = cls == ELFCLASS32 ? 4 : 8;

	for (; len >= 2 * word; p += 2 * word, len -= 2 * word) {
		uint64_t t, v;

		if (word == 4) {
			uint32_t t32, v32;

			memcpy(&t32, p, 4);
			memcpy(&v32, p + 4, 4);
			t = t32;
			v = v32;
		} else {
			memcpy(&t, p, 8);
			memcpy(&v, p + 8, 8);
		}
		if (t == AT_NULL)
			break;
		if (t == type) {
			*val = v;
			return 0;
		}
	}
	return -1;
}

int inspect_bias_from_phdr(const struct hl_phdr *ph, size_t phnum,
		      uint64_t phoff, uint64_t at_phdr, uint64_t base_page,
		      uintptr_t *bias)
{
	uint64_t vaddr = 0;
	bool found = false;

	for (size_t i = 0; i < phnum && !found; i++)
		if (ph[i].type == PT_PHDR) {
			vaddr = ph[i].vaddr;
			found = true;
		}
	for (size_t i = 0; i < phnum && !found; i++)
		if (ph[i].type == PT_LOAD && phoff >= ph[i].offset &&
		    phoff - ph[i].offset < ph[i].filesz) {
			vaddr = ph[i].vaddr + (phoff - ph[i].offset);
			found = true;
		}
	if (!found || at_phdr < vaddr || (at_phdr - vaddr) % base_page)
		return -1;
	*bias = (uintptr_t)(at_phdr - vaddr);
	return 0;
}

static uint64_t down(uint64_t v, uint64_t page)
{
	return v - v % page;
}

/*
 * Whether, at BIAS, a mapping that starts at START with file offset OFF
 * lies where the loader puts that offset of some PT_LOAD.
 */
static bool placed(const struct hl_phdr *ph, size_t phnum, uint64_t page,
		   uintptr_t bias, uintptr_t start, uint64_t off)
{
	for (size_t i = 0; i < phnum; i++) {
		const struct hl_phdr *p = &ph[i];
		uint64_t first = down(p->offset, page);

		if (p->type != PT_LOAD || !p->filesz || off < first ||
		    off >= p->offset + p->filesz)
			continue;
		if (start == bias + down(p->vaddr, page) + (off - first))
			return true;
	}
	return false;
}

/*
 * Whether M is a mapping of the file's contents: the loader reserves the
 * whole span of an object and leaves the gaps between its segments
 * mapped PROT_NONE, with file offsets that belong to no segment.
 */
static bool loaded(const struct hl_smaps_map *m,
		   bool (*mine)(const struct hl_smaps_map *m, void *ctx),
		   void *ctx)
{
	return strncmp(m->line.perms, "---", 3) && mine(m, ctx);
}

static bool fits(const struct hl_phdr *ph, size_t phnum,
		 const struct hl_smaps_map *maps, size_t n,
		 bool (*mine)(const struct hl_smaps_map *m, void *ctx),
		 void *ctx, uint64_t page, uintptr_t bias)
{
	for (size_t j = 0; j < n; j++)
		if (loaded(&maps[j], mine, ctx) &&
		    !placed(ph, phnum, page, bias, maps[j].line.start,
			    maps[j].line.offset))
			return false;
	return true;
}

/* The largest p_align of the PT_LOADs, at least PAGE. */
static uint64_t max_align(const struct hl_phdr *ph, size_t phnum,
			  uint64_t page)
{
	for (size_t i = 0; i < phnum; i++)
		if (ph[i].type == PT_LOAD && ph[i].align > page)
			page = ph[i].align;
	return page;
}

int inspect_bias_from_maps(const struct hl_phdr *ph, size_t phnum,
		      const struct hl_smaps_map *maps, size_t n,
		      bool (*mine)(const struct hl_smaps_map *m, void *ctx),
		      void *ctx, uint64_t base_page, uintptr_t *bias)
{
	const struct hl_smaps_map *low = NULL;
	uint64_t align = max_align(ph, phnum, base_page);

	for (size_t j = 0; j < n && !low; j++)
		if (loaded(&maps[j], mine, ctx))
			low = &maps[j];
	if (!low)
		return -1;
	for (int pass = 0; pass < 2; pass++, align = base_page)
		for (size_t i = 0; i < phnum; i++) {
			const struct hl_phdr *p = &ph[i];
			uint64_t first = down(p->offset, base_page);
			uint64_t at = down(p->vaddr, base_page) +
				      (low->line.offset - first);
			uintptr_t b;

			if (p->type != PT_LOAD || !p->filesz ||
			    low->line.offset < first ||
			    low->line.offset >= p->offset + p->filesz ||
			    low->line.start < at)
				continue;
			b = low->line.start - (uintptr_t)at;
			if (b % align == 0 &&
			    fits(ph, phnum, maps, n, mine, ctx, base_page, b)) {
				*bias = b;
				return 0;
			}
		}
	return -1;
}

/* SPDX-License-Identifier: MIT */
/*
 * Looking a library up in /etc/ld.so.cache: see ldcache.h.  The layout
 * is glibc's (sysdeps/generic/dl-cache.h): a header of 48 bytes, then
 * entries of 24 bytes whose strings are offsets from the header's start.
 * The header's extension_offset, from the file's start, leads to a
 * directory of extension sections; the glibc-hwcaps one is an array of
 * offsets of subdirectory names, which an entry's hwcap field indexes
 * when its bit 62 is set, its ISA level in bits 32 to 41.
 */
#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "tools/inspect/ldcache.h"

#define OLD_MAGIC "ld.so-1.7.0"
#define NEW_MAGIC "glibc-ld.so.cache1.1"
#define NEW_HEADER 48
#define NEW_ENTRY 24
#define OLD_HEADER 16	/* the magic, padded, and the count */
#define OLD_ENTRY 12

#define FLAG_TYPE_MASK 0x00ff
#define FLAG_ELF_LIBC6 0x0003
#define FLAG_REQUIRED_MASK 0xff00

#define NEW_EXTENSION_OFFSET 32	/* extension_offset, in the new header */
#define EXT_MAGIC 0xeaa42174u	/* cache_extension_magic */
#define EXT_HEADER 8		/* the magic and the count */
#define EXT_SECTION 16		/* tag, flags, offset, size */
#define EXT_TAG_GLIBC_HWCAPS 1
#define HWCAP_EXTENSION_HIGH (1u << 30)	/* bit 62, of the upper half */
#define HWCAP_ISA_LEVEL_MASK 0x3ffu	/* of the upper half */

struct cache {
	const unsigned char *p;
	size_t len;
	size_t hwcaps;			/* the glibc-hwcaps section's offset */
	size_t nhwcaps;			/* ... and its entries; 0: none */
};

static uint32_t u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The architecture bits of MACHINE's CLS libraries, or -1 unknown. */
static long arch_flags(unsigned machine, int cls)
{
	if (machine == EM_X86_64 && cls == ELFCLASS64)
		return 0x0300;		/* FLAG_X8664_LIB64 */
	if (machine == EM_X86_64 && cls == ELFCLASS32)
		return 0x0800;		/* FLAG_X8664_LIBX32 */
	if (machine == EM_386)
		return 0;
	if (machine == EM_AARCH64 && cls == ELFCLASS64)
		return 0x0a00;		/* FLAG_AARCH64_LIB64 */
	return -1;
}

/* Where the new format starts: at 0, or after the old one. */
static bool new_part(const struct cache *c, size_t *start)
{
	size_t old;

	if (c->len >= sizeof(NEW_MAGIC) - 1 &&
	    !memcmp(c->p, NEW_MAGIC, sizeof(NEW_MAGIC) - 1)) {
		*start = 0;
		return true;
	}
	if (c->len < OLD_HEADER ||
	    memcmp(c->p, OLD_MAGIC, sizeof(OLD_MAGIC) - 1))
		return false;
	old = OLD_HEADER + (size_t)u32(c->p + 12) * OLD_ENTRY;
	*start = (old + 7) & ~(size_t)7;
	return *start < c->len && c->len - *start >= sizeof(NEW_MAGIC) - 1 &&
	       !memcmp(c->p + *start, NEW_MAGIC, sizeof(NEW_MAGIC) - 1);
}

/* The NUL-terminated string at offset OFF from BASE, or NULL. */
static const char *string(const struct cache *c, size_t base, uint32_t off)
{
	size_t at = base + off;

	if (off >= c->len || at >= c->len ||
	    !memchr(c->p + at, '\0', c->len - at))
		return NULL;
	return (const char *)c->p + at;
}

/*
 * Find the glibc-hwcaps section through the extension directory of the
 * new part at START, as the loader does (cache_extension_load): none
 * when the directory is missing or out of the file, or the section is
 * empty or misaligned, and the loader then takes no glibc-hwcaps entry.
 */
static void find_hwcaps(struct cache *c, size_t start)
{
	uint32_t at = u32(c->p + start + NEW_EXTENSION_OFFSET), count;
	uint32_t off = 0, size = 0;

	if (!at || at % 4 || at > c->len || c->len - at < EXT_HEADER ||
	    u32(c->p + at) != EXT_MAGIC)
		return;
	count = u32(c->p + at + 4);
	if (count > (c->len - at - EXT_HEADER) / EXT_SECTION)
		return;
	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *s = c->p + at + EXT_HEADER +
					 (size_t)i * EXT_SECTION;

		if (u32(s + 8) > c->len || u32(s + 12) > c->len - u32(s + 8))
			return;
		if (u32(s) == EXT_TAG_GLIBC_HWCAPS) {
			off = u32(s + 8);
			size = u32(s + 12);
		}
	}
	if (size && !(off % 4) && !(size % 4)) {
		c->hwcaps = off;
		c->nhwcaps = size / 4;
	}
}

/* True when HWCAP marks a glibc-hwcaps entry (dl_cache_hwcap_extension). */
static bool named_hwcap(uint64_t hwcap)
{
	return ((uint32_t)(hwcap >> 32) & ~HWCAP_ISA_LEVEL_MASK) ==
	       HWCAP_EXTENSION_HIGH;
}

/*
 * The rank in HW of the glibc-hwcaps entry HWCAP's subdirectory (1: the
 * best), or 0 when the loader passes the entry over: its subdirectory is
 * not one it searches, or, on x86-64, its ISA level N (0: the baseline)
 * is one the processor lacks (sysdeps/x86/dl-isa-level.h): level N is
 * x86-64-v(N + 1), which the loader searches when the processor has it.
 * The names are at offsets from the file's start, where the loader
 * reads them.
 */
static size_t rank(const struct cache *c, uint64_t hwcap, unsigned machine,
		   const struct inspect_hwcaps *hw)
{
	unsigned level = (uint32_t)(hwcap >> 32) & HWCAP_ISA_LEVEL_MASK;
	uint32_t idx = (uint32_t)hwcap;
	const char *sub;
	char isa[32];

	if (idx >= c->nhwcaps)
		return 0;
	sub = string(c, 0, u32(c->p + c->hwcaps + (size_t)idx * 4));
	snprintf(isa, sizeof(isa), "x86-64-v%u", level + 1);
	if (!sub || (machine == EM_X86_64 && level &&
		     !inspect_hwcaps_rank(hw, isa)))
		return 0;
	return inspect_hwcaps_rank(hw, sub);
}

/*
 * The loader's walk of NAME's entries (search_cache): the glibc-hwcaps
 * ones, which ldconfig puts first, keep the best ranked; the first
 * plain one ends the walk, taken when none was.  Plain entries with
 * hwcap bits are of the legacy mechanism, and passed over.
 */
static const char *lookup(const struct cache *c, size_t start, size_t n,
			  long arch, unsigned machine,
			  const struct inspect_hwcaps *hw, const char *name)
{
	const char *best = NULL;
	size_t best_rank = 0;

	for (size_t i = 0; i < n; i++) {
		const unsigned char *e = c->p + start + NEW_HEADER +
					 i * NEW_ENTRY;
		uint32_t flags = u32(e);
		uint64_t hwcap = u64(e + 16);
		const char *key = string(c, start, u32(e + 4));
		const char *value = string(c, start, u32(e + 8));
		size_t r;

		if ((flags & FLAG_TYPE_MASK) != FLAG_ELF_LIBC6 ||
		    (long)(flags & FLAG_REQUIRED_MASK) != arch ||
		    !key || !value || strcmp(key, name))
			continue;
		if (!named_hwcap(hwcap)) {
			if (!best && !hwcap)
				best = value;
			if (best)
				break;
			continue;
		}
		r = rank(c, hwcap, machine, hw);
		if (r && (!best || r < best_rank)) {
			best = value;
			best_rank = r;
		}
	}
	return best;
}

bool inspect_ldcache_find(const void *cache, size_t len, unsigned machine,
		     int cls, const struct inspect_hwcaps *hw,
		     const char *name, char *out, size_t outlen)
{
	struct cache c = { cache, len, 0, 0 };
	long arch = arch_flags(machine, cls);
	const char *path;
	size_t start, n;

	if (arch < 0 || !new_part(&c, &start) || len - start < NEW_HEADER)
		return false;
	n = u32(c.p + start + 20);
	if (n > (len - start - NEW_HEADER) / NEW_ENTRY)
		return false;
	find_hwcaps(&c, start);
	path = lookup(&c, start, n, arch, machine, hw, name);
	if (!path || strlen(path) >= outlen)
		return false;
	strcpy(out, path);
	return true;
}

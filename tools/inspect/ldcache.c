/* SPDX-License-Identifier: MIT */
/*
 * Looking a library up in /etc/ld.so.cache: see ldcache.h.  The layout
 * is glibc's (elf/dl-cache.h): a header of 48 bytes, then entries of 24
 * bytes whose strings are offsets from the header's start.
 */
#include <elf.h>
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

struct cache {
	const unsigned char *p;
	size_t len;
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

bool inspect_ldcache_find(const void *cache, size_t len, unsigned machine,
		     int cls, const char *name, char *out, size_t outlen)
{
	struct cache c = { cache, len };
	long arch = arch_flags(machine, cls);
	size_t start, n;

	if (arch < 0 || !new_part(&c, &start) || len - start < NEW_HEADER)
		return false;
	n = u32(c.p + start + 20);
	if (n > (len - start - NEW_HEADER) / NEW_ENTRY)
		return false;
	for (size_t i = 0; i < n; i++) {
		const unsigned char *e = c.p + start + NEW_HEADER +
					 i * NEW_ENTRY;
		uint32_t flags = u32(e);
		const char *key = string(&c, start, u32(e + 4));
		const char *value = string(&c, start, u32(e + 8));

		if ((flags & FLAG_TYPE_MASK) != FLAG_ELF_LIBC6 ||
		    (long)(flags & FLAG_REQUIRED_MASK) != arch || u64(e + 16) ||
		    !key || !value || strcmp(key, name) ||
		    strlen(value) >= outlen)
			continue;
		strcpy(out, value);
		return true;
	}
	return false;
}

/* SPDX-License-Identifier: MIT */
/*
 * Shared-file names and keys: see sharename.h.  Pure.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/sharename.h"

/* FNV-1a, 64-bit: not secret, only well spread. */
static uint64_t mix(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 0x100000001b3ull;
	return h;
}

static uint64_t mix_u64(uint64_t h, uint64_t v)
{
	return mix(h, &v, sizeof(v));
}

void hl_share_id_from_stat(struct hl_share_id *id, const struct stat *st)
{
	id->format = HL_SHARE_FORMAT;
	id->dev = st->st_dev;
	id->ino = st->st_ino;
	id->size = st->st_size;
	id->mtime = st->st_mtim;
	id->ctime = st->st_ctim;
}

static bool same_time(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

bool hl_share_id_stat_same(const struct hl_share_id *id,
			   const struct stat *st)
{
	return st->st_dev == id->dev && st->st_ino == id->ino &&
	       st->st_size == id->size && same_time(st->st_mtim, id->mtime) &&
	       same_time(st->st_ctim, id->ctime);
}

void hl_share_id_whole(struct hl_share_id *id)
{
	uint64_t mask = (uint64_t)id->page - 1;

	id->lo = id->ph.vaddr & ~mask;
	id->len = ((id->ph.vaddr + id->ph.memsz + mask) & ~mask) - id->lo;
}

static bool whole(const struct hl_share_id *id)
{
	struct hl_share_id w = *id;

	hl_share_id_whole(&w);
	return id->lo == w.lo && id->len == w.len;
}

uint64_t hl_share_key(const struct hl_share_id *id)
{
	uint64_t h = 0xcbf29ce484222325ull;

	h = mix_u64(h, id->format);
	h = mix_u64(h, (uint64_t)id->dev);
	h = mix_u64(h, (uint64_t)id->ino);
	h = mix_u64(h, (uint64_t)id->size);
	h = mix_u64(h, (uint64_t)id->mtime.tv_sec);
	h = mix_u64(h, (uint64_t)id->mtime.tv_nsec);
	h = mix_u64(h, (uint64_t)id->ctime.tv_sec);
	h = mix_u64(h, (uint64_t)id->ctime.tv_nsec);
	h = mix_u64(h, id->build_id_len);
	h = mix(h, id->build_id, id->build_id_len);
	h = mix_u64(h, (uint64_t)id->phdr);
	h = mix_u64(h, id->ph.flags);
	h = mix_u64(h, id->ph.offset);
	h = mix_u64(h, id->ph.vaddr);
	h = mix_u64(h, id->ph.filesz);
	h = mix_u64(h, id->ph.memsz);
	h = mix_u64(h, id->lo);
	h = mix_u64(h, id->len);
	return mix_u64(h, id->page);
}

/* Append C to OUT at *N, escaped; false when OUT is full. */
static int put_escaped(char *out, size_t *n, char c)
{
	const char *esc = c == '/' ? "%2f" : c == '%' ? "%25" :
			  c == '#' ? "%23" : NULL;
	size_t len = esc ? 3 : 1;

	if (*n + len > HL_SHARE_NAME_MAX)
		return 0;
	if (esc)
		memcpy(out + *n, esc, 3);
	else
		out[*n] = c;
	*n += len;
	return 1;
}

int hl_share_name(char *out, const char *path, uint64_t key,
		  const struct hl_share_id *id)
{
	char tail[96];
	size_t n = 0, t;

	t = (size_t)snprintf(tail, sizeof(tail), "#%016" PRIx64 "#%d#%zuk",
			     key, id->phdr, id->page >> 10);
	if (!whole(id))
		t += (size_t)snprintf(tail + t, sizeof(tail) - t,
				      "#%" PRIx64 "+%" PRIx64, id->lo, id->len);
	for (const char *p = path; *p; p++)
		if (!put_escaped(out, &n, *p))
			return -1;
	if (n + t > HL_SHARE_NAME_MAX)
		return -1;
	memcpy(out + n, tail, t + 1);
	return 0;
}

size_t hl_share_prefix_len(const char *name)
{
	const char *hash = strchr(name, '#');

	return hash ? (size_t)(hash - name) + 1 : 0;
}

bool hl_share_other_build(const char *other, const char *name)
{
	size_t pre = hl_share_prefix_len(name);

	return pre && strlen(name) > pre + 16 && strlen(other) > pre + 16 &&
	       !strncmp(other, name, pre) &&
	       strncmp(other + pre, name + pre, 16) &&
	       !strcmp(other + pre + 16, name + pre + 16);
}

void hl_share_lock_name(char *out, const char *name)
{
	snprintf(out, HL_SHARE_NAME_MAX + 1, "%.*slock",
		 (int)hl_share_prefix_len(name), name);
}

static int unescape(const char *s, size_t n, char *out, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '%') {
			if (i + 2 >= n)
				return -1;
			if (!strncmp(s + i, "%2f", 3))
				c = '/';
			else if (!strncmp(s + i, "%25", 3))
				c = '%';
			else if (!strncmp(s + i, "%23", 3))
				c = '#';
			else
				return -1;
			i += 2;
		}
		if (o + 1 >= len)
			return -1;
		out[o++] = c;
	}
	out[o] = '\0';
	return 0;
}

/*
 * A decimal number of at most MAX, written as hl_share_name writes it:
 * digits only, no sign, no leading zero.  Returns the character after it,
 * or NULL.
 */
static const char *decimal(const char *s, unsigned long long max,
			   unsigned long long *out)
{
	unsigned long long v = 0;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (max - (unsigned)(*p - '0')) / 10)
			return NULL;
		v = v * 10 + (unsigned)(*p - '0');
	}
	if (p == s || (*s == '0' && p - s > 1))
		return NULL;
	*out = v;
	return p;
}

/* Up to 16 lower-case hex digits at S, into *OUT; what follows them. */
static const char *hex_digits(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = s;

	for (; p - s < 16 && ((*p >= '0' && *p <= '9') ||
			      (*p >= 'a' && *p <= 'f'));
	     p++)
		v = v << 4 | (uint64_t)(*p <= '9' ? *p - '0' : *p - 'a' + 10);
	*out = v;
	return p;
}

/* Exactly 16 lower-case hex digits, as "%016" PRIx64 writes the key. */
static const char *hex_key(const char *s, uint64_t *out)
{
	const char *p = hex_digits(s, out);

	return p - s == 16 ? p : NULL;
}

/* A hex number as "%" PRIx64 writes it: no leading zero, lower case. */
static const char *hex_number(const char *s, uint64_t *out)
{
	const char *p = hex_digits(s, out);

	return p == s || (*s == '0' && p - s > 1) ? NULL : p;
}

/* The end of a name: nothing, or a range "#<lo>+<len>". */
static int range(const char *p, struct hl_share_parsed *out)
{
	out->ranged = *p == '#';
	out->lo = out->len = 0;
	if (!out->ranged)
		return *p ? -1 : 0;
	p = hex_number(p + 1, &out->lo);
	if (!p || *p != '+')
		return -1;
	p = hex_number(p + 1, &out->len);
	return p && !*p && out->len && out->lo + out->len > out->lo ? 0 : -1;
}

bool hl_share_page_ok(unsigned long long page)
{
	return page >= HL_SHARE_PAGE_MIN && page <= HL_SHARE_PAGE_MAX &&
	       page <= SIZE_MAX && !(page & (page - 1));
}

int hl_share_parse(const char *name, struct hl_share_parsed *out)
{
	const char *k = strchr(name, '#'), *p;
	unsigned long long phdr, kb;

	if (!k || unescape(name, (size_t)(k - name), out->path,
			   sizeof(out->path)) || out->path[0] != '/')
		return -1;
	p = hex_key(k + 1, &out->key);
	if (!p || *p != '#')
		return -1;
	p = decimal(p + 1, HL_SHARE_PHDR_MAX, &phdr);
	if (!p || *p != '#')
		return -1;
	p = decimal(p + 1, HL_SHARE_PAGE_MAX >> 10, &kb);
	if (!p || *p != 'k' || !hl_share_page_ok(kb << 10) || range(p + 1, out))
		return -1;
	out->phdr = (int)phdr;
	out->page = (size_t)(kb << 10);
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * What the runtime has said in this process: see said.h.  A line is
 * kept as a 64-bit hash of its text (FNV-1a); a record that is full
 * records nothing more, and what is not recorded is said.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/objmaps.h"
#include "loader/acting.h"
#include "loader/maps.h"
#include "loader/said.h"

#ifndef MFD_NOEXEC_SEAL
#define MFD_NOEXEC_SEAL 0x0008U	/* Linux 6.3 */
#endif

#define SAID_MAX 500

/* The layout's mark: a page of the record's name without it is not
 * taken for one. */
static const char said_mark[16] = "hugelink said 1";

struct said_record {
	char mark[sizeof(said_mark)];
	uint32_t n;
	uint64_t hash[SAID_MAX];
};

/* The record in use, and whether it is this copy's own anonymous page,
 * made where no memfd could be. */
static struct said_record *record;
static bool record_local;

static size_t record_size(void)
{
	size_t page = getauxval(AT_PAGESZ);

	if (!page)
		page = 4096;
	return (sizeof(struct said_record) + page - 1) & ~(page - 1);
}

static uint64_t fnv1a(const char *text, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)text[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* Whether maps line L is a record that a copy of the runtime made. */
static bool is_record(const struct hl_maps_line *l, size_t size)
{
	static const char path[] = "/memfd:" LDR_SAID_NAME " (deleted)";

	return !strcmp(l->path, path) && !strcmp(l->perms, "rw-p") &&
	       l->offset == 0 && l->end - l->start == size &&
	       !memcmp((const void *)l->start, said_mark, sizeof(said_mark));
}

/* The record a copy that acted before this one made; NULL if none. */
static struct said_record *record_find(size_t size)
{
	struct said_record *found = NULL;
	struct hl_maps m;

	if (ldr_maps_read(&m))
		return NULL;
	for (size_t i = 0; !found && i < m.nlines; i++)
		if (is_record(&m.line[i], size))
			found = (struct said_record *)m.line[i].start;
	ldr_maps_free(&m);
	return found;
}

static int said_memfd(void)
{
	int fd = memfd_create(LDR_SAID_NAME, MFD_CLOEXEC | MFD_NOEXEC_SEAL);

	if (fd < 0 && errno == EINVAL)
		fd = memfd_create(LDR_SAID_NAME, MFD_CLOEXEC);
	return fd;
}

/* A new record: of the memfd, or this copy's own where there is none. */
static struct said_record *record_make(size_t size)
{
	int fd = said_memfd();
	void *p = MAP_FAILED;

	if (fd >= 0 && !ftruncate(fd, (off_t)size))
		p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
			 0);
	if (fd >= 0)
		close(fd);
	record_local = p == MAP_FAILED;
	if (record_local)
		p = mmap(NULL, size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	memcpy(p, said_mark, sizeof(said_mark));
	return p;
}

static struct said_record *record_get(void)
{
	size_t size = record_size();

	if (!record && !ldr_copy_in_program())
		record = record_find(size);
	if (!record)
		record = record_make(size);
	return record;
}

bool ldr_said_before(const char *text, size_t len)
{
	struct said_record *r = record_get();
	uint64_t h = fnv1a(text, len);

	if (!r)
		return false;
	for (uint32_t i = 0; i < r->n && i < SAID_MAX; i++)
		if (r->hash[i] == h)
			return true;
	if (r->n < SAID_MAX)
		r->hash[r->n++] = h;
	return false;
}

void ldr_said_drop(void)
{
	if (record && record_local)
		munmap(record, record_size());
	record = NULL;
}

/*
 * Reading the pool counters of one page size from sysfs.
 */
#include <stdio.h>

#include "host/pool.h"

static int read_long(const char *dir, size_t kb, const char *name, long *out)
{
	char path[256];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/hugepages-%zukB/%s", dir, kb, name);
	f = fopen(path, "re");
	if (!f)
		return -1;
	ok = fscanf(f, "%ld", out) == 1;
	fclose(f);
	return ok ? 0 : -1;
}

void host_pool_read(struct host_pool *p, const char *dir, size_t page)
{
	size_t kb = page >> 10;

	p->known = !read_long(dir, kb, "nr_hugepages", &p->nr) &&
		   !read_long(dir, kb, "free_hugepages", &p->free) &&
		   !read_long(dir, kb, "resv_hugepages", &p->resv) &&
		   !read_long(dir, kb, "nr_overcommit_hugepages", &p->overcommit) &&
		   !read_long(dir, kb, "surplus_hugepages", &p->surplus);
}

long host_pool_available(const struct host_pool *p)
{
	return p->known && p->free > p->resv ? p->free - p->resv : 0;
}

long host_pool_headroom(const struct host_pool *p)
{
	return p->known && p->overcommit > p->surplus ?
	       p->overcommit - p->surplus : 0;
}

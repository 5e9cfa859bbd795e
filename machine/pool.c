/* SPDX-License-Identifier: MIT */
/*
 * Reading the pool counters of one page size from sysfs.
 */
#include <limits.h>
#include <stdio.h>

#include "machine/file.h"
#include "machine/pool.h"

void mach_pool_path(char *buf, const char *dir, size_t page, const char *name)
{
	snprintf(buf, MACH_POOL_PATH_MAX, "%s/hugepages-%zukB/%s", dir,
		 page >> 10, name);
}

long mach_pool_counter(const char *path)
{
	char buf[24];
	long v = 0;
	ssize_t got = mach_file_read(path, buf, sizeof(buf));

	if (got <= 0 || buf[0] < '0' || buf[0] > '9')
		return -1;
	for (ssize_t i = 0; i < got && buf[i] >= '0' && buf[i] <= '9'; i++) {
		if (v > (LONG_MAX - (buf[i] - '0')) / 10)
			return LONG_MAX;
		v = v * 10 + (buf[i] - '0');
	}
	return v;
}

static int read_counter(const char *dir, size_t page, const char *name,
			long *out)
{
	char path[MACH_POOL_PATH_MAX];

	mach_pool_path(path, dir, page, name);
	*out = mach_pool_counter(path);
	return *out < 0 ? -1 : 0;
}

void mach_pool_read(struct mach_pool *p, const char *dir, size_t page)
{
	p->known = !read_counter(dir, page, "nr_hugepages", &p->nr) &&
		   !read_counter(dir, page, "free_hugepages", &p->free) &&
		   !read_counter(dir, page, "resv_hugepages", &p->resv) &&
		   !read_counter(dir, page, "nr_overcommit_hugepages",
				 &p->overcommit) &&
		   !read_counter(dir, page, "surplus_hugepages", &p->surplus);
	/* No pool holds more reserved pages than pages. */
	p->resv_wrapped = p->known && p->resv > p->nr + p->surplus;
	if (p->resv_wrapped)
		p->resv = 0;
}

long mach_pool_available(const struct mach_pool *p)
{
	return p->known && p->free > p->resv ? p->free - p->resv : 0;
}

long mach_pool_headroom(const struct mach_pool *p)
{
	return p->known && p->overcommit > p->surplus ?
	       p->overcommit - p->surplus : 0;
}

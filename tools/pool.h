#ifndef TL_POOL_H
#define TL_POOL_H
/*
 * The huge-page pool of one page size, as sysfs shows it right now.
 */
#include <stdbool.h>
#include <stddef.h>

#define TL_SYSFS_HUGEPAGES "/sys/kernel/mm/hugepages"

struct tl_pool {
	bool known;		/* the counters could be read */
	long nr, free, resv, overcommit, surplus;
};

/* Read the pool of PAGE-sized pages under DIR (TL_SYSFS_HUGEPAGES). */
void tl_pool_read(struct tl_pool *p, const char *dir, size_t page);

/* Pages that can be had without overcommit: free and not reserved. */
long tl_pool_available(const struct tl_pool *p);

/* Pages that overcommit may add on top, if the kernel finds them. */
long tl_pool_headroom(const struct tl_pool *p);

#endif

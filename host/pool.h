#ifndef HOST_POOL_H
#define HOST_POOL_H
/*
 * The huge-page pool of one page size, as sysfs shows it right now.
 */
#include <stdbool.h>
#include <stddef.h>

#define HOST_SYSFS_HUGEPAGES "/sys/kernel/mm/hugepages"

struct host_pool {
	bool known;		/* the counters could be read */
	long nr, free, resv, overcommit, surplus;
};

/* Read the pool of PAGE-sized pages under DIR (HOST_SYSFS_HUGEPAGES). */
void host_pool_read(struct host_pool *p, const char *dir, size_t page);

/* Pages that can be had without overcommit: free and not reserved. */
long host_pool_available(const struct host_pool *p);

/* Pages that overcommit may add on top, if the kernel finds them. */
long host_pool_headroom(const struct host_pool *p);

#endif

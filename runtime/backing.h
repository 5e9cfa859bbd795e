#ifndef RUNTIME_BACKING_H
#define RUNTIME_BACKING_H
/*
 * Huge-page memory for a segment, built away from the segment itself.
 */
#include <stddef.h>

struct rt_backing {
	void *addr;		/* the mapping, read-write, populated */
	size_t len;
	char desc[96];		/* "memfd", "anon", or the mount used */
	char error[160];	/* why none could be had */
};

/*
 * Map LEN bytes (a multiple of PAGE) of private huge-page memory,
 * reserved and populated, so that nothing about it can fail later.  From
 * a file on a hugetlbfs mount in the ':'-separated PATHS when given, else
 * from memfd_create(MFD_HUGETLB), which needs no mount.  NAME labels the
 * memfd in /proc/self/maps.  Returns 0, or -1 with B->error set.
 */
int rt_backing_map(struct rt_backing *b, size_t len, size_t page,
		   const char *paths, const char *name);

/*
 * Map the shared file FD (LEN bytes, already filled) read-only with PROT,
 * all of it present.  Returns 0, or -1 with B->error set.
 */
int rt_backing_map_shared(struct rt_backing *b, int fd, size_t len,
			  size_t page, int prot);

/* Move B to a fresh huge-page-aligned address with mremap, to learn
 * whether this kernel can move huge-page mappings (Linux >= 5.16). */
int rt_backing_probe_move(struct rt_backing *b, size_t page);

void rt_backing_unmap(struct rt_backing *b);

#endif

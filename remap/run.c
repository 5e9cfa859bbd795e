/* SPDX-License-Identifier: MIT */
/*
 * Running the commit from outside every segment it swaps: copy the
 * remap_text section into a fresh anonymous page, make it executable
 * (never writable and executable at once), call it, unmap it.
 *
 * Built like the rest of remap/: raw system calls only (arch/raw.h), no
 * libc, no stack protector.  The copy loop is a plain loop, which the
 * directory's flags keep the compiler from turning into memcpy.
 */
#include <errno.h>
#include <sys/mman.h>

#include "arch/raw.h"
#include "remap/remap.h"

typedef long commit_fn(struct remap_commit *c);

/* The start of remap_text: the lower of the two functions it holds. */
static const char *remap_text_start(void)
{
	const char *run = (const char *)remap_commit_run;
	const char *copy = (const char *)remap_copy_pages;

	return run < copy ? run : copy;
}

long remap_run_from_copy(struct remap_commit *c, size_t base,
			 const char **failed)
{
	const char *start = remap_text_start();
	size_t n = (size_t)(remap_text_end - start);
	size_t entry = (size_t)((const char *)remap_commit_run - start);
	size_t len = (n + base - 1) & ~(base - 1);
	long r;
	char *page;

	*failed = "the layout of remap_text";
	if (entry >= n)
		return -ENOEXEC;
	*failed = "mmap";
	r = raw_mmap(NULL, len, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw_failed(r))
		return r;
	page = (char *)r;
	for (size_t i = 0; i < n; i++)
		page[i] = start[i];
	raw_sync_icache(page, n);
	*failed = "mprotect(PROT_EXEC)";
	r = raw_mprotect(page, len, PROT_READ | PROT_EXEC);
	if (raw_failed(r)) {
		raw_munmap(page, len);
		return r;
	}
	r = ((commit_fn *)(void *)(page + entry))(c);
	raw_munmap(page, len);
	return r;
}

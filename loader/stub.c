/* SPDX-License-Identifier: MIT */
/*
 * Running the commit from outside every segment it swaps: copy the
 * remap_text section into a fresh anonymous page, make it executable
 * (never writable and executable at once), call it, unmap it.
 */
#include <string.h>
#include <sys/mman.h>

#include "loader/stub.h"

typedef long commit_fn(struct remap_commit *c);

/* The start of remap_text: the lower of the two functions it holds. */
static const char *remap_text_start(void)
{
	const char *run = (const char *)remap_commit_run;
	const char *copy = (const char *)remap_copy_pages;

	return run < copy ? run : copy;
}

long ldr_stub_run(struct remap_commit *c, size_t base)
{
	const char *start = remap_text_start();
	size_t n = (size_t)(remap_text_end - start);
	size_t entry = (size_t)((const char *)remap_commit_run - start);
	size_t len = (n + base - 1) & ~(base - 1);
	commit_fn *fn;
	char *page;
	long r;

	if (entry >= n)
		return -1;
	page = mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return -1;
	memcpy(page, start, n);
	__builtin___clear_cache(page, page + n);
	if (mprotect(page, len, PROT_READ | PROT_EXEC)) {
		munmap(page, len);
		return -1;
	}
	fn = (commit_fn *)(void *)(page + entry);
	r = fn(c);
	munmap(page, len);
	return r;
}

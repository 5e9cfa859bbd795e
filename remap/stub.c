/*
 * Running the commit from outside every segment it swaps: copy the
 * hl_commit section into a fresh anonymous page, make it executable
 * (never writable and executable at once), call it, unmap it.
 */
#include <string.h>
#include <sys/mman.h>

#include "remap/stub.h"

extern const char __start_hl_commit[] __attribute__((visibility("hidden")));
extern const char __stop_hl_commit[] __attribute__((visibility("hidden")));

typedef long commit_fn(struct hl_commit *c);

long hl_stub_run(struct hl_commit *c, size_t base)
{
	size_t n = (size_t)(__stop_hl_commit - __start_hl_commit);
	size_t entry = (size_t)((const char *)hl_commit_run - __start_hl_commit);
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
	memcpy(page, __start_hl_commit, n);
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

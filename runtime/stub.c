/*
 * Running the commit from outside every segment it swaps: copy the
 * sw_text section into a fresh anonymous page, make it executable
 * (never writable and executable at once), call it, unmap it.
 */
#include <string.h>
#include <sys/mman.h>

#include "runtime/stub.h"

extern const char __start_sw_text[] __attribute__((visibility("hidden")));
extern const char __stop_sw_text[] __attribute__((visibility("hidden")));

typedef long commit_fn(struct sw_commit *c);

long rt_stub_run(struct sw_commit *c, size_t base)
{
	size_t n = (size_t)(__stop_sw_text - __start_sw_text);
	size_t entry = (size_t)((const char *)sw_commit_run - __start_sw_text);
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
	memcpy(page, __start_sw_text, n);
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

/*
 * The perf map of the moved text: see perfmap.h.  The file is mapped
 * read-only for as long as its symbols are read.
 */
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/perfmap.h"
#include "runtime/perfmap.h"

/*
 * The executable ranges no longer mapped from the program file: swapped
 * in, or restored from their copy after a failed swap.  Returns how many.
 */
static size_t moved_text(const struct sw_commit *c, struct host_text_range *r)
{
	size_t n = 0;

	for (int i = 0; i < c->nswap; i++) {
		const struct sw_range *s = &c->swap[i];

		if ((s->prot & PROT_EXEC) && (!s->err || s->recovered))
			r[n++] = (struct host_text_range){ s->target,
							   s->target + s->len };
	}
	return n;
}

void rt_perf_map_write(struct rt_prepared *p, const struct rt_image *img,
		       struct rt_report *rep)
{
	struct host_text_range r[SW_MAX_RANGES];
	size_t n = moved_text(p->c, r);
	char err[160];
	struct stat st;
	void *image;
	long count;

	if (!n)
		return;
	if (rt_source_fd(&p->src) < 0 || fstat(p->src.fd, &st)) {
		rt_report_perf_map(rep, "cannot read the program file");
		return;
	}
	image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
		     p->src.fd, 0);
	if (image == MAP_FAILED) {
		rt_report_perf_map(rep, "cannot map the program file");
		return;
	}
	count = host_perf_map_write(getpid(), image, (size_t)st.st_size,
				    img->bias, r, n, err, sizeof(err));
	munmap(image, (size_t)st.st_size);
	if (count < 0)
		rt_report_perf_map(rep, "%s", err);
	else if (!count)
		rt_report_perf_map(rep, "the program file names no function "
				   "in the moved text (stripped?)");
}

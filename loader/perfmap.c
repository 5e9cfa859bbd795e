/* SPDX-License-Identifier: MIT */
/*
 * The perf map of the moved text: see perfmap.h.  The file is mapped
 * read-only for as long as its symbols are read.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch/raw.h"
#include "machine/perfmap.h"
#include "loader/perfmap.h"

/* The map this process wrote or was given, for its children. */
static char inherited[32];

/* In a child of fork: a copy of the parent's map, under its own ID.
 * Nothing here but system calls. */
static void give_child_map(void)
{
	pid_t pid = (pid_t)raw_getpid();

	if (mach_perf_map_copy(inherited, pid) == 0)
		mach_perf_map_path(pid, inherited);
}

/* Have every child of fork get the map at PID's path, once. */
static void give_children(pid_t pid)
{
	static bool registered;

	mach_perf_map_path(pid, inherited);
	if (!registered)
		registered = pthread_atfork(NULL, NULL, give_child_map) == 0;
}

/*
 * The executable ranges no longer mapped from the program file: swapped
 * in, or restored from their copy after a failed swap.  Returns how many.
 */
static size_t moved_text(const struct remap_commit *c,
			 struct mach_text_range *r)
{
	size_t n = 0;

	for (int i = 0; i < c->nswap; i++) {
		const struct remap_range *s = &c->swap[i];

		if ((s->prot & PROT_EXEC) && (!s->err || s->recovered))
			r[n++] = (struct mach_text_range){ s->target,
							   s->target + s->len };
	}
	return n;
}

void ldr_perf_map_write(struct ldr_prepared *p, const struct ldr_image *img,
		       struct ldr_report *rep)
{
	struct mach_text_range r[REMAP_MAX_RANGES];
	size_t n = moved_text(p->c, r);
	char err[160];
	struct stat st;
	void *image;
	long count;

	if (!n)
		return;
	if (ldr_source_fd(&p->src) < 0 || fstat(p->src.fd, &st)) {
		ldr_report_perf_map(rep, "cannot read the program file");
		return;
	}
	image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
		     p->src.fd, 0);
	if (image == MAP_FAILED) {
		ldr_report_perf_map(rep, "cannot map the program file");
		return;
	}
	count = mach_perf_map_write(getpid(), image, (size_t)st.st_size,
				    img->bias, r, n, err, sizeof(err));
	munmap(image, (size_t)st.st_size);
	if (count > 0)
		give_children(getpid());
	if (count < 0)
		ldr_report_perf_map(rep, "%s", err);
	else if (!count)
		ldr_report_perf_map(rep, "the program file names no function "
				   "in the moved text (stripped?)");
}

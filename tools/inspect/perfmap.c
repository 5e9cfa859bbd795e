/* SPDX-License-Identifier: MIT */
/*
 * hugelink-inspect --perf-map: see perfmap.h.  The view of the process
 * (tools/inspect/live.c) gives the program, its load bias and which
 * parts of its text moved; the program file is then opened again, as
 * the file that view named (by /proc/PID/exe, else a mapping of it
 * left), and mapped read-only while its symbols are read.
 */
#include <elf.h>
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/maps.h"
#include "machine/mapsid.h"
#include "tools/common/escape.h"
#include "tools/inspect/perfmap.h"
#include "tools/inspect/proc.h"

size_t inspect_moved_text(const struct inspect_live *lv,
		     const struct inspect_object *o,
		     struct mach_text_range *r, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < o->nseg; i++) {
		const struct inspect_lseg *s = &o->seg[i];

		if (!(s->flags & PF_X))
			continue;
		for (size_t k = s->first; k < s->first + s->nparts && n < max;
		     k++) {
			const struct inspect_part *p = &lv->part[k];

			if (p->map && !p->own_file)
				r[n++] = (struct mach_text_range){
					p->start, p->end
				};
		}
	}
	return n;
}

static int same_file(int fd, const struct inspect_object *o)
{
	struct stat st;

	return !fstat(fd, &st) &&
	       mach_fd_is_maps_file(fd, &st, o->inode, o->major, o->minor);
}

/* The program file of O: /proc/PID/exe, or a mapping of it left. */
static int open_program(const struct inspect_live *lv,
			const struct inspect_object *o)
{
	char *path = NULL;
	int fd = inspect_proc_open_exe(lv->pid, &path);

	free(path);
	if (fd >= 0 && same_file(fd, o))
		return fd;
	if (fd >= 0)
		close(fd);
	for (size_t i = 0; i < lv->nmap; i++) {
		const struct hl_maps_line *m = &lv->map[i].line;

		if (m->inode != o->inode || m->major != o->major ||
		    m->minor != o->minor)
			continue;
		fd = inspect_proc_open_mapped(lv->pid, &lv->map[i]);
		if (fd >= 0)
			return fd;
	}
	warnx("process %d: cannot open its program file", (int)lv->pid);
	return -1;
}

/* Write the map of O's RANGES from its file FD; the count, or -1. */
static long write_map(const struct inspect_live *lv,
		      const struct inspect_object *o,
		      int fd, const struct mach_text_range *r, size_t n)
{
	char err[200];
	struct stat st;
	void *image;
	long count;

	if (fstat(fd, &st) ||
	    (image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd,
			  0)) == MAP_FAILED) {
		warn("process %d: reading its program file", (int)lv->pid);
		return -1;
	}
	count = mach_perf_map_write(lv->pid, image, (size_t)st.st_size, o->bias,
				    r, n, err, sizeof(err));
	munmap(image, (size_t)st.st_size);
	if (count < 0)
		warnx("process %d: %s", (int)lv->pid, err);
	return count;
}

/*
 * Say which libraries of LV have moved text, which no map names: perf
 * attached later gives their raw addresses whatever this writes.
 */
static void note_libraries(const struct inspect_live *lv)
{
	struct mach_text_range r[HL_MAX_SEGS * 4];
	char shown[TL_ESCAPED_LEN(PATH_MAX)];

	for (size_t i = 0; i < lv->nobj; i++) {
		const struct inspect_object *o = &lv->obj[i];

		if (o->main ||
		    !inspect_moved_text(lv, o, r, sizeof(r) / sizeof(r[0])))
			continue;
		tl_escape(o->path, shown, sizeof(shown));
		warnx("process %d: the moved text of the library %s is in no "
		      "map: perf attached later gives its raw addresses (perf "
		      "started with the program names its functions)",
		      (int)lv->pid, shown);
	}
}

int inspect_perf_map(pid_t pid)
{
	struct mach_text_range r[HL_MAX_SEGS * 4];
	char shown[TL_ESCAPED_LEN(PATH_MAX)];
	struct inspect_live lv;
	long count = -1;
	size_t n;
	int fd;

	if (inspect_live_gather(&lv, pid))
		goto out;
	n = inspect_moved_text(&lv, &lv.obj[0], r, sizeof(r) / sizeof(r[0]));
	tl_escape(lv.obj[0].path, shown, sizeof(shown));
	note_libraries(&lv);
	if (!n) {
		warnx("process %d: the text of %s is mapped from its file: "
		      "perf names its functions without a map", (int)pid,
		      shown);
		goto out;
	}
	fd = open_program(&lv, &lv.obj[0]);
	if (fd < 0)
		goto out;
	count = write_map(&lv, &lv.obj[0], fd, r, n);
	close(fd);
	if (count >= 0)
		printf("/tmp/perf-%d.map: %ld functions of %s\n", (int)pid,
		       count, shown);
out:
	inspect_live_free(&lv);
	return count < 0 ? -1 : 0;
}

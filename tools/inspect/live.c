/* SPDX-License-Identifier: MIT */
/*
 * Gathering the view of a running process: its mappings, then its
 * program file, its load bias, and the parts of each segment.
 *
 * The program is the file /proc/<pid>/exe names, unless that file is the
 * dynamic loader run as a command ("ld.so ./prog": no PT_INTERP, a
 * DT_SONAME); then it is the mapped file that asks for an interpreter
 * and is not a library (PT_INTERP, no DT_SONAME), lowest first.
 *
 * The bias of the file exe names comes from the auxiliary vector
 * (AT_PHDR), which stays right when every segment has been moved off the
 * file; the loader's own vector says nothing of a program it loaded, so
 * that one's bias comes from the mappings of its file that are left.
 *
 * The shared objects follow the program, in the order of their first
 * mappings: every other mapped ELF file of type ET_DYN, each with the
 * bias its mappings that are left tell (a
 * library whose every mapping moved off its file cannot be placed, and
 * is left out).
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "elf/file.h"
#include "elf/link.h"
#include "tools/inspect/live.h"
#include "tools/inspect/locate.h"
#include "tools/inspect/proc.h"

/* The program file, open. */
struct prog {
	struct el_file elf;
	struct el_linkage link;
	int fd;
	char *path;
};

static void prog_close(struct prog *p)
{
	el_close(&p->elf);
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}

/* Read the file open on P->fd (named P->path) as an ELF program. */
static int prog_read(struct prog *p)
{
	if (el_open_fd(&p->elf, p->path, p->fd))
		return -1;
	return el_linkage_read(&p->elf, &p->link);
}

static int fill_object(struct inspect_object *o, const struct prog *p)
{
	struct stat st;

	o->cls = p->elf.eh.cls;
	o->type = p->elf.eh.type;
	if (fstat(p->fd, &st))
		return -1;
	o->major = major(st.st_dev);
	o->minor = minor(st.st_dev);
	o->inode = st.st_ino;
	return 0;
}

static bool of_object(const struct hl_smaps_map *m, void *ctx)
{
	const struct inspect_object *o = ctx;

	return m->line.inode == o->inode && m->line.major == o->major &&
	       m->line.minor == o->minor;
}

/* The bias of the program exe names, from AT_PHDR. */
static int bias_from_auxv(struct inspect_live *lv, const struct prog *p,
			  uintptr_t *bias)
{
	size_t len;
	char *auxv = inspect_proc_slurp(lv->pid, "auxv", &len);
	uint64_t at_phdr;
	int rc = -1;

	if (!auxv)
		return -1;
	if (!inspect_auxv_get(auxv, len, p->elf.eh.cls, AT_PHDR, &at_phdr))
		rc = inspect_bias_from_phdr(p->elf.ph, p->elf.eh.phnum,
				       p->elf.eh.phoff, at_phdr, lv->base_page,
				       bias);
	free(auxv);
	if (rc)
		warnx("process %d: %s: the auxiliary vector does not say where "
		      "its program headers are", (int)lv->pid, p->path);
	return rc;
}

/* Whether the mapping at index I is the first of its file. */
static bool first_of_file(const struct inspect_live *lv, size_t i)
{
	const struct hl_maps_line *a = &lv->map[i].line;

	if (!a->inode || a->path[0] != '/')
		return false;
	for (size_t j = 0; j < i; j++) {
		const struct hl_maps_line *b = &lv->map[j].line;

		if (b->inode == a->inode && b->major == a->major &&
		    b->minor == a->minor)
			return false;
	}
	return true;
}

/*
 * Open the mapped file of LV->map[I] into P if it is a program.  Data
 * files (locales, caches) are mapped too: they are passed over quietly.
 */
static bool try_program(struct inspect_live *lv, size_t i, struct prog *p)
{
	p->fd = inspect_proc_open_mapped(lv->pid, &lv->map[i]);
	if (p->fd < 0)
		return false;
	if (!el_starts_elf(p->fd)) {
		prog_close(p);
		return false;
	}
	p->path = strdup(lv->map[i].line.path);
	if (p->path && !prog_read(p) && p->link.dynamic && !p->link.has_soname)
		return true;
	prog_close(p);
	free(p->path);
	p->path = NULL;
	return false;
}

/* The program the loader EXE, run as a command, loaded, into P. */
static int find_loaded(struct inspect_live *lv, struct prog *exe,
		       struct prog *p)
{
	for (size_t i = 0; i < lv->nmap; i++) {
		if (!first_of_file(lv, i) ||
		    of_object(&lv->map[i], &lv->obj[0]))
			continue;
		if (try_program(lv, i, p))
			return 0;
	}
	warnx("process %d: started through the dynamic loader %s, and no file "
	      "it maps is a program", (int)lv->pid, exe->path);
	return -1;
}

static int open_exe(struct inspect_live *lv, struct prog *p)
{
	p->fd = inspect_proc_open_exe(lv->pid, &p->path);
	if (p->fd < 0)
		return -1;
	if (prog_read(p))
		return -1;
	return fill_object(&lv->obj[0], p);
}

/*
 * The program of LV into *P (which may be EXE itself) and the bias of
 * LV->obj[0].
 */
static int locate(struct inspect_live *lv, struct prog *exe,
		  struct prog *loaded, struct prog **p)
{
	struct inspect_object *o = &lv->obj[0];

	*p = exe;
	if (exe->link.dynamic || !exe->link.has_soname)
		return bias_from_auxv(lv, exe, &o->bias);
	if (find_loaded(lv, exe, loaded))
		return -1;
	lv->interp = exe->path;
	exe->path = NULL;
	*p = loaded;
	if (fill_object(o, loaded))
		return -1;
	if (loaded->elf.eh.type == ET_DYN &&
	    inspect_bias_from_maps(loaded->elf.ph, loaded->elf.eh.phnum,
			      lv->map, lv->nmap, of_object, o,
			      lv->base_page, &o->bias)) {
		warnx("process %d: %s: its mappings do not tell where it was "
		      "loaded", (int)lv->pid, loaded->path);
		return -1;
	}
	return 0;
}

/*
 * Open the mapped file of LV->map[I] into P if it is a shared object:
 * ELF of type ET_DYN (the program is left out by the caller; libc.so.6
 * asks for an interpreter, and many plugins have no soname).
 */
static bool try_library(struct inspect_live *lv, size_t i, struct prog *p)
{
	p->fd = inspect_proc_open_mapped(lv->pid, &lv->map[i]);
	if (p->fd < 0)
		return false;
	if (el_starts_elf(p->fd)) {
		p->path = strdup(lv->map[i].line.path);
		if (p->path && !prog_read(p) && p->elf.eh.type == ET_DYN)
			return true;
	}
	prog_close(p);
	free(p->path);
	p->path = NULL;
	return false;
}

/* Add the library open in P; one whose load bias its mappings do not
 * tell is left out. */
static int add_library(struct inspect_live *lv, struct prog *p)
{
	struct inspect_object *grown = realloc(lv->obj, (lv->nobj + 1) *
					  sizeof(*lv->obj)), *o;

	if (!grown) {
		warn("process %d", (int)lv->pid);
		return -1;
	}
	lv->obj = grown;
	o = &lv->obj[lv->nobj];
	memset(o, 0, sizeof(*o));
	if (fill_object(o, p) ||
	    inspect_bias_from_maps(p->elf.ph, p->elf.eh.phnum, lv->map,
			      lv->nmap, of_object, o, lv->base_page,
			      &o->bias))
		return 0;
	o->path = p->path;
	p->path = NULL;
	lv->nobj++;
	return inspect_cover(lv, o, p->elf.ph, p->elf.eh.phnum);
}

/* Every shared object the process maps, after the program, in address
 * order. */
static int gather_libraries(struct inspect_live *lv)
{
	for (size_t i = 0; i < lv->nmap; i++) {
		struct prog p = { .fd = -1 };
		int rc = 0;

		if (!first_of_file(lv, i) ||
		    of_object(&lv->map[i], &lv->obj[0]))
			continue;
		if (try_library(lv, i, &p))
			rc = add_library(lv, &p);
		prog_close(&p);
		free(p.path);
		if (rc)
			return -1;
	}
	return 0;
}

int inspect_live_gather(struct inspect_live *lv, pid_t pid)
{
	struct prog exe = { .fd = -1 }, loaded = { .fd = -1 }, *p;
	size_t len;
	char *text;
	int rc = -1;

	memset(lv, 0, sizeof(*lv));
	lv->pid = pid;
	lv->base_page = (uint64_t)sysconf(_SC_PAGESIZE);
	text = inspect_proc_slurp(pid, "smaps", &len);
	if (!text || inspect_live_parse(lv, text))
		return -1;
	if (!lv->nmap) {
		warnx("process %d: has no memory mapped (a kernel thread, or a "
		      "process that has exited)", (int)pid);
		return -1;
	}
	lv->obj = calloc(1, sizeof(*lv->obj));
	if (!lv->obj) {
		warn("process %d", (int)pid);
		return -1;
	}
	lv->nobj = 1;
	lv->obj[0].main = true;
	if (!open_exe(lv, &exe) && !locate(lv, &exe, &loaded, &p)) {
		lv->obj[0].path = p->path;
		p->path = NULL;
		rc = inspect_cover(lv, &lv->obj[0], p->elf.ph, p->elf.eh.phnum);
	}
	if (!rc)
		rc = gather_libraries(lv);
	prog_close(&exe);
	prog_close(&loaded);
	free(exe.path);
	free(loaded.path);
	return rc;
}

void inspect_live_free(struct inspect_live *lv)
{
	for (size_t i = 0; i < lv->nobj; i++) {
		free(lv->obj[i].path);
		free(lv->obj[i].seg);
	}
	free(lv->obj);
	free(lv->part);
	free(lv->map);
	free(lv->smaps);
	free(lv->interp);
	memset(lv, 0, sizeof(*lv));
}

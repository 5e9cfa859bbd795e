/*
 * hugectl --share-list and --share-clean: see share-files.h.
 */
#include <dirent.h>
#include <elf.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "core/maps.h"
#include "core/note.h"
#include "core/sharename.h"
#include "core/size.h"
#include "elf/file.h"
#include "host/sysinfo.h"
#include "tools/hugectl/share.h"

enum state { CURRENT, STALE, UNKNOWN };

static const char *const state_name[] = { "current", "stale", "unknown" };

/* One shared file, and what we learnt about it. */
struct entry {
	const char *dir, *name;
	struct hl_share_parsed p;
	struct stat st;
	bool in_use;
	enum state state;
	const char *why;
};

/* The files mapped by any process we can see: device and inode pairs. */
struct mapped {
	size_t n, cap;
	struct { unsigned int major, minor; unsigned long ino; } *f;
};

static void note_mapping(struct mapped *m, char *line)
{
	struct hl_maps_line v;

	if (hl_maps_line_parse(line, &v) || !v.inode)
		return;
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 256;
		void *f = realloc(m->f, cap * sizeof(*m->f));

		if (!f)
			return;
		m->f = f;
		m->cap = cap;
	}
	m->f[m->n].major = v.major;
	m->f[m->n].minor = v.minor;
	m->f[m->n++].ino = v.inode;
}

/* Every process's hugetlbfs mappings, from /proc/<pid>/maps. */
static void scan_processes(struct mapped *m)
{
	DIR *proc = opendir("/proc");
	struct dirent *e;
	char path[64], line[4352];

	while (proc && (e = readdir(proc))) {
		FILE *f;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/maps", e->d_name);
		f = fopen(path, "re");
		while (f && fgets(line, sizeof(line), f))
			if (strstr(line, "elflink-uid-") || strchr(line, '#'))
				note_mapping(m, line);
		if (f)
			fclose(f);
	}
	if (proc)
		closedir(proc);
}

static bool is_mapped(const struct mapped *m, const struct stat *st)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->f[i].ino == st->st_ino && m->f[i].major == major(st->st_dev) &&
		    m->f[i].minor == minor(st->st_dev))
			return true;
	return false;
}

/* The GNU build-id of the open program F, into ID. */
static void build_id(struct el_file *f, struct hl_share_id *id)
{
	for (size_t i = 0; i < f->eh.phnum; i++) {
		const struct hl_phdr *ph = &f->ph[i];
		Elf_Data *d;

		if (ph->type != PT_NOTE)
			continue;
		d = elf_getdata_rawchunk(f->elf, (int64_t)ph->offset, ph->filesz,
					 ELF_T_BYTE);
		if (d)
			id->build_id_len = hl_note_build_id(d->d_buf, d->d_size,
							    hl_note_align(ph->align),
							    id->build_id,
							    sizeof(id->build_id));
		if (id->build_id_len)
			return;
	}
}

/* Is the file still made from the program it names, as it is now? */
static void judge(struct entry *e)
{
	struct hl_share_id id;
	struct el_file f;
	struct stat st;

	memset(&id, 0, sizeof(id));
	if (stat(e->p.path, &st)) {
		e->state = STALE;
		e->why = "the program is gone";
		return;
	}
	if (access(e->p.path, R_OK)) {
		e->state = UNKNOWN;
		e->why = "the program cannot be read";
		return;
	}
	if (el_open(&f, e->p.path)) {
		el_close(&f);
		e->state = STALE;
		e->why = "the program is no longer an ELF program";
		return;
	}
	hl_share_id_from_stat(&id, &st);
	build_id(&f, &id);
	e->state = STALE;
	e->why = "the program was rebuilt or replaced";
	if ((size_t)e->p.phdr < f.eh.phnum && f.ph[e->p.phdr].type == PT_LOAD) {
		id.phdr = e->p.phdr;
		id.ph = f.ph[e->p.phdr];
		id.page = e->p.page;
		if (hl_share_key(&id) == e->p.key) {
			e->state = CURRENT;
			e->why = NULL;
		}
	}
	el_close(&f);
}

typedef int visit_fn(struct entry *e, FILE *out, bool all);

/* Visit every shared file of DIR. */
static int scan_dir(const char *dir, const struct mapped *m, visit_fn *visit,
		    FILE *out, bool all)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int rc = 0;

	if (!d)
		return errno == ENOENT ? 0 : (warn("%s", dir), -1);
	while ((de = readdir(d))) {
		struct entry e = { .dir = dir, .name = de->d_name };

		if (hl_share_parse(de->d_name, &e.p) ||
		    fstatat(dirfd(d), de->d_name, &e.st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(e.st.st_mode))
			continue;
		e.in_use = is_mapped(m, &e.st);
		judge(&e);
		rc |= visit(&e, out, all);
	}
	closedir(d);
	return rc;
}

/* What each_dir passes along to every directory it scans. */
struct walk {
	const struct mapped *m;
	visit_fn *visit;
	FILE *out;
	bool all;
	int rc;
};

static int scan_mount(const char *mnt, void *ctx)
{
	struct walk *w = ctx;
	char dir[600];

	snprintf(dir, sizeof(dir), "%s/elflink-uid-%u", mnt, (unsigned)geteuid());
	w->rc |= scan_dir(dir, w->m, w->visit, w->out, w->all);
	return 0;
}

/* HUGETLB_SHARE_PATH, or each hugetlbfs mount's elflink-uid-<uid>. */
static int each_dir(visit_fn *visit, FILE *out, bool all)
{
	const char *env = getenv("HUGETLB_SHARE_PATH");
	struct mapped m = { 0 };
	struct walk w = { &m, visit, out, all, 0 };

	scan_processes(&m);
	if (env && *env)
		w.rc = scan_dir(env, &m, visit, out, all);
	else if (host_mounts_each(scan_mount, &w) < 0)
		w.rc = (warn("/proc/mounts"), -1);
	free(m.f);
	return w.rc;
}

static int print_entry(struct entry *e, FILE *out, bool all)
{
	char sz[16];

	(void)all;
	fprintf(out, "%-8s %-6s %4lld x %-4s %7d  %s%s%s%s\n    %s/%s\n",
		state_name[e->state], e->in_use ? "yes" : "no",
		(long long)(e->st.st_size / (off_t)e->p.page),
		hl_format_size(e->p.page, sz, sizeof(sz)), e->p.phdr, e->p.path,
		e->why ? " (" : "", e->why ? e->why : "", e->why ? ")" : "",
		e->dir, e->name);
	return 0;
}

int ctl_share_list(FILE *out)
{
	fprintf(out, "%-8s %-6s %-11s %7s  %s\n", "STATE", "IN-USE", "PAGES",
		"SEGMENT", "PROGRAM");
	return each_dir(print_entry, out, false);
}

/* Remove NAME's lock file when no file of that program is left and
 * nobody holds the lock. */
static void remove_lock(const struct entry *e)
{
	char lock[HL_SHARE_NAME_MAX + 1], path[1024];
	size_t pre = hl_share_prefix_len(e->name);
	struct dirent *de;
	DIR *d = opendir(e->dir);
	int fd;

	while (d && (de = readdir(d)))
		if (!strncmp(de->d_name, e->name, pre) &&
		    strcmp(de->d_name + pre, "lock")) {
			closedir(d);
			return;
		}
	if (d)
		closedir(d);
	hl_share_lock_name(lock, e->name);
	snprintf(path, sizeof(path), "%s/%s", e->dir, lock);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
		unlink(path);
	if (fd >= 0)
		close(fd);
}

static int clean_entry(struct entry *e, FILE *out, bool all)
{
	char path[1024];

	if (!all && e->state != STALE)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", e->dir, e->name);
	if (unlink(path)) {
		warn("%s", path);
		return -1;
	}
	fprintf(out, "removed %s: segment %d of %s%s%s%s%s\n", path, e->p.phdr,
		e->p.path, e->why ? " (" : "", e->why ? e->why : "",
		e->why ? ")" : "", e->in_use ? "; still mapped by a process" : "");
	remove_lock(e);
	return 0;
}

int ctl_share_clean(FILE *out, bool all)
{
	return each_dir(clean_entry, out, all);
}

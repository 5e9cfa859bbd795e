/* SPDX-License-Identifier: MIT */
/*
 * hugectl --share-list and --share-clean: see share.h.
 *
 * They run as any user, often root, over directories other users may
 * have made, so they trust nothing they read.  A directory is opened once
 * and checked as the runtime checks it (machine/sharedir.h); everything in
 * it is then reached through that descriptor (fstatat, openat,
 * unlinkat), never by a path that a rename could redirect.  A program
 * named by a file is looked at with lstat and opened only when it is a
 * regular file, without following a link, blocking or taking a terminal.
 * Every name printed is escaped (tools/common/escape.h).
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

#include "core/config.h"
#include "core/maps.h"
#include "core/note.h"
#include "core/sharename.h"
#include "core/size.h"
#include "elf/file.h"
#include "elf/open.h"
#include "machine/sharedir.h"
#include "machine/sysinfo.h"
#include "tools/common/escape.h"
#include "tools/hugectl/share.h"

enum state { CURRENT, STALE, UNKNOWN };

static const char *const state_name[] = { "current", "stale", "unknown" };

/* One shared file, and what we learnt about it. */
struct entry {
	const char *dir, *name;		/* the directory as named, for
					   messages */
	int dirfd;			/* the directory, checked */
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
		if (m->f[i].ino == st->st_ino &&
		    m->f[i].major == major(st->st_dev) &&
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
		d = elf_getdata_rawchunk(f->elf, (int64_t)ph->offset,
					 ph->filesz, ELF_T_BYTE);
		if (d)
			id->build_id_len =
				hl_note_build_id(d->d_buf, d->d_size,
						 hl_note_align(ph->align),
						 id->build_id,
						 sizeof(id->build_id));
		if (id->build_id_len)
			return;
	}
}

/* Set E's verdict. */
static void verdict(struct entry *e, enum state state, const char *why)
{
	e->state = state;
	e->why = why;
}

/*
 * Open the program E names, for reading only: a regular file, looked at
 * with lstat first, opened only when the path still names a regular file
 * and not a link as its last component (el_open_regular: a directory on
 * the way that was swapped for a link can lead nowhere but to another
 * regular file), and the same file once open.  -1 with E's verdict set
 * when it cannot be judged.
 */
static int open_program(struct entry *e, struct stat *st)
{
	struct stat before;
	int fd;

	if (lstat(e->p.path, &before)) {
		if (errno == ENOENT || errno == ENOTDIR)
			verdict(e, STALE, "the program is gone");
		else
			verdict(e, UNKNOWN, "the program cannot be looked at");
		return -1;
	}
	if (!S_ISREG(before.st_mode)) {
		verdict(e, STALE, "the program is no longer a regular file");
		return -1;
	}
	fd = el_open_regular(e->p.path, O_NOFOLLOW);
	if (fd == EL_NOT_REGULAR) {
		verdict(e, STALE, "the program is no longer a regular file");
		return -1;
	}
	if (fd < 0) {
		verdict(e, UNKNOWN, "the program cannot be read");
		return -1;
	}
	if (fstat(fd, st) || !S_ISREG(st->st_mode) ||
	    st->st_dev != before.st_dev || st->st_ino != before.st_ino) {
		verdict(e, UNKNOWN,
			"the program was replaced while being read");
		close(fd);
		return -1;
	}
	return fd;
}

/* Is the file still made from the program it names, as it is now? */
static void judge(struct entry *e)
{
	char shown[TL_ESCAPED_LEN(sizeof(e->p.path))];
	struct hl_share_id id;
	struct el_file f;
	struct stat st;
	int fd = open_program(e, &st);

	if (fd < 0)
		return;
	memset(&id, 0, sizeof(id));
	tl_escape(e->p.path, shown, sizeof(shown));
	if (el_open_fd(&f, shown, fd)) {
		verdict(e, STALE, "the program is no longer an ELF program");
		goto out;
	}
	hl_share_id_from_stat(&id, &st);
	build_id(&f, &id);
	verdict(e, STALE, "the program was rebuilt or replaced, or the file "
		"is of another format");
	if ((size_t)e->p.phdr < f.eh.phnum && f.ph[e->p.phdr].type == PT_LOAD) {
		id.phdr = e->p.phdr;
		id.ph = f.ph[e->p.phdr];
		id.page = e->p.page;
		hl_share_id_whole(&id);
		if (e->p.ranged) {
			id.lo = e->p.lo;
			id.len = e->p.len;
		}
		if (hl_share_key(&id) == e->p.key)
			verdict(e, CURRENT, NULL);
	}
out:
	el_close(&f);
	close(fd);
}

typedef int visit_fn(struct entry *e, FILE *out, bool all);

/* A stream over the directory DIRFD, from its start, leaving DIRFD as
 * it is; NULL with errno set. */
static DIR *list_dir(int dirfd)
{
	int fd = dup(dirfd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	/* The duplicate shares its position with DIRFD: start over. */
	rewinddir(d);
	return d;
}

/* Visit every shared file of DIR; a missing DIR has none. */
static int scan_dir(const char *dir, const struct mapped *m, visit_fn *visit,
		    FILE *out, bool all)
{
	char err[512], shown[TL_ESCAPED_LEN(sizeof(err))];
	struct dirent *de;
	int dirfd, rc = 0;
	DIR *d;

	dirfd = mach_share_dir_open(dir, 0, NULL, err, sizeof(err));
	if (dirfd < 0 && errno == ENOENT)
		return 0;
	if (dirfd < 0) {
		warnx("%s", tl_escape(err, shown, sizeof(shown)));
		return -1;
	}
	d = list_dir(dirfd);
	if (!d)
		warn("%s", tl_escape(dir, shown, sizeof(shown)));
	while (d && (de = readdir(d))) {
		struct entry e = {
			.dir = dir, .dirfd = dirfd, .name = de->d_name
		};

		if (hl_share_parse(de->d_name, &e.p) ||
		    fstatat(dirfd, de->d_name, &e.st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(e.st.st_mode))
			continue;
		e.in_use = is_mapped(m, &e.st);
		judge(&e);
		rc |= visit(&e, out, all);
	}
	if (d)
		closedir(d);
	close(dirfd);
	return d ? rc : -1;
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

	snprintf(dir, sizeof(dir), "%s/elflink-uid-%u", mnt,
		 (unsigned)geteuid());
	w->rc |= scan_dir(dir, w->m, w->visit, w->out, w->all);
	return 0;
}

/* The environment's HUGETLB_SHARE_PATH alone, for hl_config_read. */
static const char *share_path_only(const char *name, void *ctx)
{
	(void)ctx;
	return strcmp(name, "HUGETLB_SHARE_PATH") ? NULL : getenv(name);
}

/*
 * HUGETLB_SHARE_PATH, read as the runtime reads it: "" when unset, or
 * when the runtime ignores it (not one absolute path), as said here.
 */
static void share_path(struct hl_config *cfg)
{
	char shown[TL_ESCAPED_LEN(sizeof(cfg->note))];

	hl_config_read(cfg, share_path_only, NULL, false, "");
	if (!cfg->share_path[0] && cfg->note[0])
		warnx("%s; the runtime ignores it too",
		      tl_escape(cfg->note, shown, sizeof(shown)));
}

/* HUGETLB_SHARE_PATH, or each hugetlbfs mount's elflink-uid-<uid>. */
static int each_dir(visit_fn *visit, FILE *out, bool all)
{
	struct mapped m = { 0 };
	struct walk w = { &m, visit, out, all, 0 };
	struct hl_config cfg;

	share_path(&cfg);
	scan_processes(&m);
	if (cfg.share_path[0])
		w.rc = scan_dir(cfg.share_path, &m, visit, out, all);
	else if (mach_mounts_each(scan_mount, &w) < 0)
		w.rc = (warn("/proc/mounts"), -1);
	free(m.f);
	return w.rc;
}

/* A directory, file and program, escaped for printing. */
struct shown {
	char dir[TL_ESCAPED_LEN(600)];
	char name[TL_ESCAPED_LEN(HL_SHARE_NAME_MAX)];
	char path[TL_ESCAPED_LEN(sizeof(((struct hl_share_parsed *)0)->path))];
};

static struct shown *show(const char *dir, const char *name, const char *path)
{
	struct shown *s = malloc(sizeof(*s));

	if (!s) {
		warnx("out of memory");
		return NULL;
	}
	tl_escape(dir, s->dir, sizeof(s->dir));
	tl_escape(name, s->name, sizeof(s->name));
	tl_escape(path, s->path, sizeof(s->path));
	return s;
}

int ctl_share_print_row(FILE *out, const struct ctl_share_row *r)
{
	struct shown *s = show(r->dir, r->name, r->p->path);
	char sz[16];

	if (!s)
		return -1;
	fprintf(out, "%-8s %-6s %4lld x %-4s %7d  %s%s%s%s\n    %s/%s\n",
		r->state, r->in_use ? "yes" : "no",
		(long long)(r->size / (off_t)r->p->page),
		hl_format_size(r->p->page, sz, sizeof(sz)), r->p->phdr, s->path,
		r->why ? " (" : "", r->why ? r->why : "", r->why ? ")" : "",
		s->dir, s->name);
	free(s);
	return 0;
}

static int print_entry(struct entry *e, FILE *out, bool all)
{
	const struct ctl_share_row row = {
		state_name[e->state], e->in_use, e->st.st_size, &e->p,
		e->dir, e->name, e->why,
	};

	(void)all;
	return ctl_share_print_row(out, &row);
}

int ctl_share_list(FILE *out)
{
	fprintf(out, "%-8s %-6s %-11s %7s  %s\n", "STATE", "IN-USE", "PAGES",
		"SEGMENT", "PROGRAM OR LIBRARY");
	return each_dir(print_entry, out, false);
}

/* Remove E's lock file when no file of that program is left and nobody
 * holds the lock. */
static void remove_lock(const struct entry *e)
{
	char lock[HL_SHARE_NAME_MAX + 1];
	size_t pre = hl_share_prefix_len(e->name);
	DIR *d = list_dir(e->dirfd);
	struct dirent *de;
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
	fd = openat(e->dirfd, lock, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
		    O_NOCTTY | O_CLOEXEC);
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
		unlinkat(e->dirfd, lock, 0);
	if (fd >= 0)
		close(fd);
}

static int clean_entry(struct entry *e, FILE *out, bool all)
{
	struct shown *s;

	if (!all && e->state != STALE)
		return 0;
	s = show(e->dir, e->name, e->p.path);
	if (!s)
		return -1;
	if (unlinkat(e->dirfd, e->name, 0)) {
		warn("%s/%s", s->dir, s->name);
		free(s);
		return -1;
	}
	fprintf(out, "removed %s/%s: segment %d of %s%s%s%s%s\n", s->dir,
		s->name, e->p.phdr, s->path, e->why ? " (" : "",
		e->why ? e->why : "", e->why ? ")" : "",
		e->in_use ? "; still mapped by a process" : "");
	free(s);
	remove_lock(e);
	return 0;
}

int ctl_share_clean(FILE *out, bool all)
{
	return each_dir(clean_entry, out, all);
}

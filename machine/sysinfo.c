/* SPDX-License-Identifier: MIT */
/*
 * Page sizes and hugetlbfs mounts of the running kernel.  Uses libc
 * freely: it runs before anything is remapped, and in the tools.
 */
#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "core/size.h"
#include "machine/bound.h"
#include "machine/file.h"
#include "machine/sysinfo.h"


/*
 * The default huge page size, from the "Hugepagesize:" line of
 * /proc/meminfo, or 0.  Read with open and read, and taken apart by
 * hand: the runtime calls this at every start that asks for anything.
 */
static size_t meminfo_default(void)
{
	static const char key[] = "\nHugepagesize:";
	char text[8192], *at;
	size_t kb = 0;

	mach_file_read("/proc/meminfo", text, sizeof(text));
	at = strstr(text, key);
	if (!at)
		return 0;
	for (at += sizeof(key) - 1; *at == ' ' || *at == '\t'; at++)
		;
	while (*at >= '0' && *at <= '9')
		kb = kb * 10 + (size_t)(*at++ - '0');
	return kb << 10;
}

static void add_size(struct hl_sizes *sizes, size_t size)
{
	int i = sizes->navail;

	if (i == HL_MAX_SIZES)
		return;
	/* Keep them sorted, smallest first. */
	while (i > 0 && sizes->avail[i - 1] > size) {
		sizes->avail[i] = sizes->avail[i - 1];
		i--;
	}
	sizes->avail[i] = size;
	sizes->navail++;
}

/* The size a "hugepages-<kB>kB" NAME gives, or 0. */
static size_t size_of_name(const char *name)
{
	static const char pre[] = "hugepages-";
	const char *p = name + sizeof(pre) - 1;
	size_t kb = 0;

	if (strncmp(name, pre, sizeof(pre) - 1) || *p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		kb = kb * 10 + (size_t)(*p++ - '0');
	return strcmp(p, "kB") ? 0 : kb << 10;
}

/*
 * Add the size of each entry of the directory FD.  getdents64 into a
 * buffer on the stack, where opendir would allocate.
 */
static void add_sizes(struct hl_sizes *sizes, int fd)
{
	char buf[4096];
	ssize_t got;

	while ((got = getdents64(fd, buf, sizeof(buf))) > 0)
		for (ssize_t at = 0; at < got;) {
			struct dirent64 *e = (struct dirent64 *)(buf + at);
			size_t size = size_of_name(e->d_name);

			if (size)
				add_size(sizes, size);
			at += e->d_reclen;
		}
}

/* The base page size: the kernel's AT_PAGESZ, or sysconf's without it. */
static size_t base_page(void)
{
	size_t base = (size_t)getauxval(AT_PAGESZ);

	return base ? base : (size_t)sysconf(_SC_PAGESIZE);
}

int mach_sizes_read(struct hl_sizes *sizes, size_t default_page)
{
	int fd = open("/sys/kernel/mm/hugepages", O_RDONLY | O_DIRECTORY |
		      O_CLOEXEC);

	memset(sizes, 0, sizeof(*sizes));
	sizes->base = base_page();
	if (fd < 0)
		return -1;
	add_sizes(sizes, fd);
	close(fd);
	for (int i = 0; i < sizes->navail; i++)
		if (sizes->avail[i] == default_page)
			sizes->def = default_page;
	/* One size is the default; of several, meminfo says which. */
	if (!sizes->def && sizes->navail == 1)
		sizes->def = sizes->avail[0];
	else if (!sizes->def)
		sizes->def = meminfo_default();
	return sizes->navail ? 0 : -1;
}

int mach_sizes_assume(struct hl_sizes *sizes)
{
#if defined(__x86_64__)
	memset(sizes, 0, sizeof(*sizes));
	sizes->base = base_page();
	if (sizes->base != 4096)
		return -1;
	sizes->def = hl_pmd_size(sizes->base);
	sizes->avail[0] = sizes->def;
	sizes->navail = 1;
	return 0;
#else
	(void)sizes;
	return -1;
#endif
}

/* True when DIR is a hugetlbfs mount of PAGE-sized pages. */
static bool mount_of_size(const char *dir, size_t page)
{
	struct statfs sf;

	return statfs(dir, &sf) == 0 && sf.f_type == HUGETLBFS_MAGIC &&
	       (size_t)sf.f_bsize == page;
}

static int copy_path(const char *dir, size_t n, char *out, size_t len)
{
	if (n >= len)
		return -1;
	memcpy(out, dir, n);
	out[n] = '\0';
	return 0;
}

/* FN with each directory of the ':'-separated PATHS, as mach_mounts_each. */
static int each_in_list(const char *paths, mach_mount_fn *fn, void *ctx)
{
	char dir[HL_CFG_PATH_MAX];
	int rc = 0;

	for (const char *p = paths; *p && !rc;
	     p += strcspn(p, ":"), p += *p == ':')
		if (copy_path(p, strcspn(p, ":"), dir, sizeof(dir)) == 0)
			rc = fn(dir, ctx);
	return rc;
}

int mach_mounts_scan(mach_mount_line_fn *fn, void *ctx)
{
	FILE *f = fopen("/proc/mounts", "re");
	char line[1024], dir[512], type[64], opts[512];
	int rc = 0;

	if (!f)
		return -1;
	while (!rc && fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %511s %63s %511s", dir, type, opts) == 3)
			rc = fn(dir, type, opts, ctx);
	fclose(f);
	return rc;
}

struct hugetlbfs_only {
	mach_mount_fn *fn;
	void *ctx;
};

/* A hugetlbfs mount, unless its point has blanks in it (escaped). */
static int if_hugetlbfs(const char *dir, const char *type, const char *opts,
			void *ctx)
{
	const struct hugetlbfs_only *h = ctx;

	(void)opts;
	if (strcmp(type, "hugetlbfs") || strchr(dir, '\\'))
		return 0;
	return h->fn(dir, h->ctx);
}

int mach_mounts_each(mach_mount_fn *fn, void *ctx)
{
	struct hugetlbfs_only h = { fn, ctx };

	return mach_mounts_scan(if_hugetlbfs, &h);
}

/* A callback, called only for mounts of one page size. */
struct sized {
	size_t page;
	mach_mount_fn *fn;
	void *ctx;
};

static int if_sized(const char *dir, void *ctx)
{
	const struct sized *s = ctx;

	return mount_of_size(dir, s->page) ? s->fn(dir, s->ctx) : 0;
}

int mach_mounts_of_size(size_t page, const char *paths, mach_mount_fn *fn,
			void *ctx)
{
	struct sized s = { page, fn, ctx };

	if (paths && *paths)
		return each_in_list(paths, if_sized, &s);
	return mach_mounts_each(if_sized, &s);
}

struct wanted {
	char *out;
	size_t len;
};

/* A mount we may make files in. */
static int take_if_usable(const char *dir, void *ctx)
{
	struct wanted *w = ctx;

	return access(dir, R_OK | W_OK | X_OK) == 0 &&
	       copy_path(dir, strlen(dir), w->out, w->len) == 0;
}

int mach_mount_for_size(size_t page, const char *paths, char *out, size_t len)
{
	struct wanted w = { out, len };

	return mach_mounts_of_size(page, paths, take_if_usable, &w) == 1 ?
	       0 : -1;
}

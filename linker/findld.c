/* SPDX-License-Identifier: MIT */
/*
 * Finding the real linker when linking: see findld.h.
 */
#include <err.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker/driver.h"
#include "linker/findld.h"
#include "linker/rsp.h"
#include "linker/spawn.h"

/* What is searched for, and what to pass over. */
struct search {
	const char *name;
	struct stat self;	/* the wrapper's own file */
	bool self_known;
};

static bool is_self(const struct search *s, const struct stat *st)
{
	return s->self_known && st->st_dev == s->self.st_dev &&
	       st->st_ino == s->self.st_ino;
}

/* DIR (N bytes) / NAME, when that is an executable file and not the
 * wrapper; NULL otherwise.  An empty DIR is the current directory. */
static char *candidate(const struct search *s, const char *dir, size_t n)
{
	struct stat st;
	char *path;

	if (asprintf(&path, "%.*s/%s", (int)(n ? n : 1), n ? dir : ".",
		     s->name) < 0)
		return NULL;
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && !is_self(s, &st) &&
	    access(path, X_OK) == 0)
		return path;
	free(path);
	return NULL;
}

/* The entry of a ':'-separated list after the one at P, or NULL. */
static const char *next_entry(const char *p)
{
	p += strcspn(p, ":");
	return *p ? p + 1 : NULL;
}

/* The first candidate in the ':'-separated LIST of directories. */
static char *search_list(const struct search *s, const char *list)
{
	char *found = NULL;

	for (const char *p = list; p && !found; p = next_entry(p))
		found = candidate(s, p, strcspn(p, ":"));
	return found;
}

/* True when PATH is the wrapper. */
static bool path_is_self(const struct search *s, const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && is_self(s, &st);
}

/* True when DIR (N bytes) / NAME is the wrapper: a -B directory that
 * leads to it. */
static bool leads_to_self(const struct search *s, const char *dir, size_t n)
{
	char *path;
	bool self;

	if (asprintf(&path, "%.*s/%s", (int)n, dir, s->name) < 0)
		return false;
	self = path_is_self(s, path);
	free(path);
	return self;
}

/* Read /proc/PID/cmdline into a malloc'd buffer; *LEN gets its size. */
static char *read_cmdline(pid_t pid, size_t *len)
{
	char path[64], *buf = NULL;
	size_t cap = 0;
	ssize_t r;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	*len = 0;
	do {
		char *more;

		if (*len == cap) {
			cap = cap ? 2 * cap : 4096;
			more = realloc(buf, cap);
			if (!more) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = more;
		}
		r = read(fd, buf + *len, cap - *len);
		*len += r > 0 ? (size_t)r : 0;
	} while (r > 0);
	close(fd);
	if (r < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * clang's command line for -print-prog-name=NAME: its program name and
 * search options from CMDLINE, less the -B directories that lead to the
 * wrapper.  clang reads response files before its options, as the
 * wrapper reads them (a relative @file from the current directory, which
 * is clang's), so the options are taken from the expanded arguments.
 */
static int clang_args(const struct search *s, const char *cmdline, size_t len,
		      struct lw_argv *v)
{
	struct lw_argv args = { 0 }, opts = { 0 };
	char *ask = NULL;
	int rc = -1;

	if (lw_argv_push(v, cmdline) < 0 ||
	    lw_driver_args(cmdline, len, &args) < 0 ||
	    lw_rsp_expand(&args, 0) < 0 ||
	    lw_driver_search_args(&args, &opts) < 0 ||
	    asprintf(&ask, "-print-prog-name=%s", s->name) < 0)
		goto out;
	for (size_t i = 0; i < opts.n; i++)
		if ((strncmp(opts.v[i], "-B", 2) != 0 ||
		     !leads_to_self(s, opts.v[i] + 2, strlen(opts.v[i] + 2))) &&
		    lw_argv_push(v, opts.v[i]) < 0)
			goto out;
	rc = lw_argv_push(v, ask);
out:
	free(ask);
	lw_argv_free(&opts);
	lw_argv_free(&args);
	return rc;
}

/*
 * Drop from COMPILER_PATH, which clang reads as more -B options, the
 * directories that lead to the wrapper, for the question to clang.  *OLD
 * gets the value to put back (NULL when it was unset).  Returns 0, or -1
 * when memory runs out.
 */
static int filter_compiler_path(const struct search *s, char **old)
{
	const char *cp = getenv("COMPILER_PATH");
	char *kept;
	size_t k = 0;

	*old = NULL;
	if (!cp)
		return 0;
	*old = strdup(cp);
	kept = calloc(1, strlen(cp) + 1);
	if (!*old || !kept) {
		free(kept);
		return -1;
	}
	for (const char *p = cp; p; p = next_entry(p)) {
		size_t n = strcspn(p, ":");

		if (leads_to_self(s, p, n))
			continue;
		k += (size_t)sprintf(kept + k, "%s%.*s", k ? ":" : "",
				     (int)n, p);
	}
	setenv("COMPILER_PATH", kept, 1);
	free(kept);
	return 0;
}

static void restore_compiler_path(char *old)
{
	if (old)
		setenv("COMPILER_PATH", old, 1);
	free(old);
}

/*
 * Ask the clang that ran the wrapper.  Returns its absolute answer, NULL
 * with *BARE set when it names no directory (clang would search PATH),
 * or NULL after a message.
 */
static char *ask_clang(const struct search *s, bool *bare)
{
	struct lw_argv v = { 0 };
	char exe[64], *cmdline, *out = NULL, *old = NULL;
	size_t len;
	int status;

	*bare = false;
	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)getppid());
	cmdline = read_cmdline(getppid(), &len);
	if (!cmdline || !len || clang_args(s, cmdline, len, &v) < 0 ||
	    filter_compiler_path(s, &old) < 0) {
		warn("asking clang for %s", s->name);
		goto out;
	}
	if (lw_spawn(exe, v.v, &out, &status) < 0 || status != 0) {
		warnx("clang -print-prog-name=%s failed", s->name);
		free(out);
		out = NULL;
		goto out;
	}
	out[strcspn(out, "\n")] = '\0';
	if (out[0] != '/') {
		*bare = true;
		free(out);
		out = NULL;
	} else if (path_is_self(s, out)) {
		warnx("clang runs hugetlbfs-ld itself as %s (%s); set "
		      "HUGELINK_LD to the real linker", s->name, out);
		free(out);
		out = NULL;
	}
out:
	restore_compiler_path(old);
	lw_argv_free(&v);
	free(cmdline);
	return out;
}

static enum lw_driver driver(void)
{
	char proc[64], exe[4096];
	ssize_t n;

	snprintf(proc, sizeof(proc), "/proc/%d/exe", (int)getppid());
	n = readlink(proc, exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	return lw_driver_of(getenv("COLLECT_GCC"), n > 0 ? exe : NULL);
}

char *lw_findld(const char *name)
{
	struct search s = { .name = name };
	enum lw_driver d = driver();
	char *found = NULL;
	bool bare = true;

	s.self_known = stat("/proc/self/exe", &s.self) == 0;
	if (d == LW_DRIVER_GCC)
		found = search_list(&s, getenv("COMPILER_PATH"));
	else if (d == LW_DRIVER_CLANG)
		found = ask_clang(&s, &bare);
	if (!found && bare)
		found = search_list(&s, getenv("PATH"));
	if (!found && bare)
		warnx("no real linker %s: not found %sin PATH; install it, or "
		      "set HUGELINK_LD to its absolute path", name,
		      d == LW_DRIVER_GCC ? "in gcc's COMPILER_PATH nor " :
		      d == LW_DRIVER_CLANG ? "by clang nor " : "");
	return found;
}

/* SPDX-License-Identifier: MIT */
/*
 * Program lookup and exec.  hugectl execs the very file it inspected, so
 * it searches PATH itself and then calls execv, not execvp.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <paths.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/file.h"
#include "tools/common/escape.h"
#include "tools/hugectl/exec.h"

/* FILE escaped for a message, into BUF. */
#define SHOWN(file, buf) tl_escape(file, buf, sizeof(buf))

/* 0 when PATH is an executable regular file, else an errno value. */
static int runnable(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return errno;
	if (!S_ISREG(st.st_mode) || access(path, X_OK))
		return EACCES;
	return 0;
}

/* As a shell: 127 when there is no such file, 126 for any other reason;
 * E's text in *WHY. */
static int not_runnable(int e, const char **why)
{
	*why = strerror(e);
	return e == ENOENT ? CTL_EXIT_NOTFOUND : CTL_EXIT_NOEXEC;
}

int ctl_find(const char *file, const char *search, char *out, size_t len,
	     const char **why)
{
	bool denied = false;
	size_t n;
	int e;

	if (!*file)
		return not_runnable(ENOENT, why);
	if (strchr(file, '/')) {
		if ((e = runnable(file)))
			return not_runnable(e, why);
		snprintf(out, len, "%s", file);
		return 0;
	}
	for (const char *p = search ? search : _PATH_DEFPATH; ; p += n + 1) {
		n = strcspn(p, ":");
		if ((size_t)snprintf(out, len, "%.*s%s%s", (int)n, p,
				     n ? "/" : "", file) < len) {
			e = runnable(out);
			if (!e)
				return 0;
			denied |= e == EACCES;
		}
		if (!p[n])
			break;
	}
	if (denied)
		return not_runnable(EACCES, why);
	*why = "command not found";
	return CTL_EXIT_NOTFOUND;
}

/* Run PATH as a shell script, as execvp does for ENOEXEC. */
static void exec_shell(const char *path, char **argv)
{
	size_t n = 0;
	char **args;

	while (argv[n])
		n++;
	args = calloc(n + 2, sizeof(*args));
	if (!args)
		return;
	args[0] = (char *)"sh";
	args[1] = (char *)path;
	memcpy(&args[2], &argv[1], n * sizeof(*args));
	execv(_PATH_BSHELL, args);
	free(args);
}

/*
 * As env(1): a file the kernel refuses to execute is not handed to the
 * shell when it is ELF (another machine's, a class the kernel does not
 * run), only when it is text without a "#!" line, as execvp does.
 */
int ctl_exec(const char *path, char **argv)
{
	char shown[TL_ESCAPED_LEN(PATH_MAX)];
	int e;

	execv(path, argv);
	e = errno;
	if (e == ENOEXEC && !el_path_starts_elf(path)) {
		exec_shell(path, argv);
		e = errno;
	}
	if (e == ENOENT) {
		warnx("cannot execute %s: a file it needs (its interpreter?) "
		      "is missing", SHOWN(path, shown));
		return CTL_EXIT_NOTFOUND;
	}
	warnx("cannot execute %s: %s", SHOWN(path, shown), strerror(e));
	return CTL_EXIT_NOEXEC;
}

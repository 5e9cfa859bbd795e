/* SPDX-License-Identifier: MIT */
/*
 * The loader's own list of a program's libraries: see ldlist.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "machine/readall.h"
#include "tools/hugectl/ldlist.h"

#define LIST_MAX (4u << 20)	/* bytes of list read at most */
#define LIST_SECONDS 10

/* Add NAME (N bytes) and PATH (P bytes; NULL: not found) to L. */
static int add(struct ctl_ldlist *l, const char *name, size_t n,
	       const char *path, size_t p)
{
	struct ctl_loaded *grown = realloc(l->lib, (l->n + 1) * sizeof(*grown));

	if (!grown)
		return -1;
	l->lib = grown;
	grown[l->n].name = strndup(name, n);
	grown[l->n].path = path ? strndup(path, p) : NULL;
	if (!grown[l->n].name || (path && !grown[l->n].path)) {
		free(grown[l->n].name);
		free(grown[l->n].path);
		return -1;
	}
	l->n++;
	return 0;
}

/* The length of LINE (N bytes) without its " (0x...)" address. */
static size_t before_address(const char *line, size_t n)
{
	for (size_t i = n; i >= 4; i--)
		if (!memcmp(line + i - 4, " (0x", 4))
			return i - 4;
	return n;
}

static int parse_line(struct ctl_ldlist *l, const char *line, size_t n)
{
	const char *arrow, *path;
	size_t name, p;

	while (n && (*line == '\t' || *line == ' ')) {
		line++;
		n--;
	}
	arrow = memmem(line, n, " => ", 4);
	if (!arrow) {
		n = before_address(line, n);
		if (n == 0 || !memchr(line, '/', n))
			return 0;
		return add(l, line, n, line, n);
	}
	name = (size_t)(arrow - line);
	path = arrow + 4;
	p = n - name - 4;
	if (p == 9 && !memcmp(path, "not found", 9))
		return add(l, line, name, NULL, 0);
	p = before_address(path, p);
	if (p == 0 || path[0] != '/')
		return 0;
	return add(l, line, name, path, p);
}

int ctl_ldlist_parse(struct ctl_ldlist *l, const char *text)
{
	while (*text) {
		size_t n = strcspn(text, "\n");

		if (parse_line(l, text, n))
			return -1;
		text += n + (text[n] == '\n');
	}
	return 0;
}

/* The child: the loader in list mode, its output into OUT. */
static void run_child(int out, const char *ldso, const char *prog,
		      char *const envp[])
{
	char *const argv[] = {
		(char *)ldso, (char *)"--list", (char *)prog, NULL
	};
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	sigset_t alrm;
	int null = open("/dev/null", O_RDWR);

	if (null < 0 || dup2(null, STDIN_FILENO) < 0 ||
	    dup2(null, STDERR_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
		_exit(127);
	/* A pending alarm outlives execve: the loader never waits longer,
	 * whatever hugectl inherited of SIGALRM (ignored, blocked). */
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	if (sigaction(SIGALRM, &dfl, NULL) ||
	    sigprocmask(SIG_UNBLOCK, &alrm, NULL))
		_exit(127);
	alarm(LIST_SECONDS);
	execve(ldso, argv, envp);
	_exit(127);
}

/* Add "NAME=value" to ENVP[*N] when VALUE is not NULL.  Returns 0, or
 * -1 when memory runs out. */
static int env_add(char **envp, int *n, const char *name, const char *value)
{
	if (!value)
		return 0;
	if (asprintf(&envp[*n], "%s=%s", name, value) < 0)
		return -1;
	(*n)++;
	return 0;
}

/* Wait for PID; its output was TEXT.  Returns 0, or -1 with WHY. */
static int reap(pid_t pid, const char *text, char *why, size_t len)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(why, len, "waitpid: %s", strerror(errno));
			return -1;
		}
	if (WIFSIGNALED(status))
		snprintf(why, len, "it was killed by signal %d%s",
			 WTERMSIG(status), WTERMSIG(status) == SIGALRM ?
			 ", after ten seconds" : "");
	else if (WEXITSTATUS(status) && !*text)
		snprintf(why, len, "it exited %d and listed nothing",
			 WEXITSTATUS(status));
	else
		return 0;
	return -1;
}

/* Start LDSO --list PROG with ENVP, its output into *OUT.  Returns its
 * pid, or -1 with WHY. */
static pid_t start(const char *ldso, const char *prog, char *const envp[],
		   int *out, char *why, size_t len)
{
	int fd[2];
	pid_t pid;

	if (pipe2(fd, O_CLOEXEC) < 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid == 0)
		run_child(fd[1], ldso, prog, envp);
	close(fd[1]);
	if (pid < 0) {
		snprintf(why, len, "fork: %s", strerror(errno));
		close(fd[0]);
		return -1;
	}
	*out = fd[0];
	return pid;
}

int ctl_ldlist_run(struct ctl_ldlist *l, const char *ldso, const char *prog,
		   const char *ldpath, const char *preload,
		   const char *tunables, char *why, size_t len)
{
	char *envp[4] = { NULL }, *text = NULL;
	int n = 0, out, rc = -1;
	size_t got;
	pid_t pid = -1;

	if (env_add(envp, &n, "LD_LIBRARY_PATH", ldpath) ||
	    env_add(envp, &n, "LD_PRELOAD", preload) ||
	    env_add(envp, &n, "GLIBC_TUNABLES", tunables))
		snprintf(why, len, "out of memory");
	else
		pid = start(ldso, prog, envp, &out, why, len);
	if (pid < 0)
		goto out_free_env;
	text = mach_read_fd(out, LIST_MAX, &got);
	if (!text)
		snprintf(why, len, "reading its list: %s", strerror(errno));
	close(out);
	if (!reap(pid, text ? text : "", why, len) && text) {
		rc = ctl_ldlist_parse(l, text);
		if (rc)
			snprintf(why, len, "out of memory");
	}
	free(text);
out_free_env:
	for (int i = 0; i < n; i++)
		free(envp[i]);
	return rc;
}

void ctl_ldlist_free(struct ctl_ldlist *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->lib[i].name);
		free(l->lib[i].path);
	}
	free(l->lib);
	l->lib = NULL;
	l->n = 0;
}

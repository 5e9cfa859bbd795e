/* SPDX-License-Identifier: MIT */
/*
 * Child processes: the real linker, and the real linker asked about
 * itself.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "linker/spawn.h"
#include "machine/readall.h"

extern char **environ;

/* The child being waited for, or 0: read by lw_spawn_stop. */
static volatile pid_t running;

/* Read the child's output to its end; closes FD. */
static char *read_output(int fd)
{
	size_t len;
	char *text = mach_read_fd(fd, SIZE_MAX, &len);

	close(fd);
	return text;
}

static int wait_for(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR) {
			warn("waitpid");
			return -1;
		}
	return 0;
}

/* Start the child with its output on PIPE_W when that is not -1. */
static int start(const char *path, char *const argv[], int pipe_w, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t deflt;
	int e;

	sigemptyset(&deflt);
	sigaddset(&deflt, SIGINT);
	sigaddset(&deflt, SIGQUIT);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setsigdefault(&attr, &deflt);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
	posix_spawn_file_actions_init(&fa);
	if (pipe_w >= 0)
		posix_spawn_file_actions_adddup2(&fa, pipe_w, STDOUT_FILENO);
	e = posix_spawn(pid, path, &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (e) {
		errno = e;
		warn("cannot run %s", path);
		return -1;
	}
	return 0;
}

int lw_spawn(const char *path, char *const argv[], char **out, int *status)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_int, old_quit;
	int fds[2] = { -1, -1 }, rc = -1;
	pid_t pid;

	if (out)
		*out = NULL;
	if (out && pipe2(fds, O_CLOEXEC) < 0) {
		warn("pipe");
		return -1;
	}
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	if (start(path, argv, fds[1], &pid) < 0)
		goto out_signals;
	running = pid;
	if (out) {
		close(fds[1]);
		fds[1] = -1;
		*out = read_output(fds[0]);
		fds[0] = -1;
	}
	rc = wait_for(pid, status);
	running = 0;
	if (rc == 0 && out && !*out) {
		warn("reading the output of %s", path);
		rc = -1;
	}
	if (rc < 0 && out) {
		free(*out);
		*out = NULL;
	}
out_signals:
	sigaction(SIGQUIT, &old_quit, NULL);
	sigaction(SIGINT, &old_int, NULL);
	if (fds[0] >= 0)
		close(fds[0]);
	if (fds[1] >= 0)
		close(fds[1]);
	return rc;
}

int lw_exit_code(int status)
{
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

void lw_spawn_stop(void)
{
	pid_t pid = running;

	if (pid > 0)
		kill(pid, SIGTERM);
}

/* SPDX-License-Identifier: MIT */
/*
 * A program's output, read to its end: see runout.h.
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
#include "machine/runout.h"

/* The child: PATH, its output into OUT. */
static void run_child(int out, const char *path, char *const argv[],
		      char *const envp[], unsigned seconds)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	sigset_t alrm;
	int null = open("/dev/null", O_RDWR);

	if (null < 0 || dup2(null, STDIN_FILENO) < 0 ||
	    dup2(null, STDERR_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
		_exit(127);
	/* A pending alarm outlives execve: the program never runs longer,
	 * whatever the caller inherited of SIGALRM (ignored, blocked). */
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	if (sigaction(SIGALRM, &dfl, NULL) ||
	    sigprocmask(SIG_UNBLOCK, &alrm, NULL))
		_exit(127);
	alarm(seconds);
	execve(path, argv, envp);
	_exit(127);
}

/* Start PATH with ARGV and ENVP, its output into *OUT.  Returns its pid,
 * or -1 with WHY. */
static pid_t start(const char *path, char *const argv[], char *const envp[],
		   unsigned seconds, int *out, char *why, size_t len)
{
	int fd[2];
	pid_t pid;

	if (pipe2(fd, O_CLOEXEC) < 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid == 0)
		run_child(fd[1], path, argv, envp, seconds);
	close(fd[1]);
	if (pid < 0) {
		snprintf(why, len, "fork: %s", strerror(errno));
		close(fd[0]);
		return -1;
	}
	*out = fd[0];
	return pid;
}

/* Wait for PID; its output was TEXT.  Returns 0, or -1 with WHY. */
static int reap(pid_t pid, const char *text, unsigned seconds, char *why,
		size_t len)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(why, len, "waitpid: %s", strerror(errno));
			return -1;
		}
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		snprintf(why, len, "it was killed by signal %d, after %u "
			 "seconds", SIGALRM, seconds);
	else if (WIFSIGNALED(status))
		snprintf(why, len, "it was killed by signal %d",
			 WTERMSIG(status));
	else if (WEXITSTATUS(status) && !*text)
		snprintf(why, len, "it exited %d and printed nothing",
			 WEXITSTATUS(status));
	else
		return 0;
	return -1;
}

char *mach_run_output(const char *path, char *const argv[],
		      char *const envp[], unsigned seconds, size_t max,
		      char *why, size_t len)
{
	pid_t pid;
	size_t got;
	char *text;
	int out;

	pid = start(path, argv, envp, seconds, &out, why, len);
	if (pid < 0)
		return NULL;
	text = mach_read_fd(out, max, &got);
	if (!text)
		snprintf(why, len, "reading its output: %s", strerror(errno));
	close(out);
	if (reap(pid, text ? text : "", seconds, why, len) || !text) {
		free(text);
		return NULL;
	}
	return text;
}

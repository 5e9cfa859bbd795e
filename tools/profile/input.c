/* SPDX-License-Identifier: MIT */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/profile/input.h"

extern char **environ;

static const char perf_magic[8] = "PERFILE2";

static int run_perf(struct pf_input *in, const char *path)
{
	char *argv[] = { "perf", "script", "-i", (char *)path, "-F",
			 "ip,sym,dso", "--no-demangle", NULL };
	posix_spawn_file_actions_t fa;
	int fd[2], rc;

	if (pipe2(fd, O_CLOEXEC) < 0) {
		warn("pipe");
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
	rc = posix_spawnp(&in->perf, "perf", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (rc != 0) {
		close(fd[0]);
		in->perf = 0;
		errno = rc;
		warn("%s: cannot run perf script", path);
		return -1;
	}
	in->in = fdopen(fd[0], "r");
	if (!in->in) {
		warn("%s: perf's output", path);
		close(fd[0]);
		return -1;
	}
	return 0;
}

int pf_input_open(struct pf_input *in, const char *path)
{
	char magic[sizeof(perf_magic)];
	FILE *f;

	in->perf = 0;
	if (!strcmp(path, "-")) {
		in->in = stdin;
		return 0;
	}
	f = fopen(path, "r");
	if (!f) {
		warn("%s", path);
		return -1;
	}
	if (fread(magic, 1, sizeof(magic), f) == sizeof(magic) &&
	    !memcmp(magic, perf_magic, sizeof(magic))) {
		fclose(f);
		return run_perf(in, path);
	}
	if (ferror(f) || fseek(f, 0, SEEK_SET) < 0) {
		warn("%s", path);
		fclose(f);
		return -1;
	}
	in->in = f;
	return 0;
}

int pf_input_close(struct pf_input *in, const char *path)
{
	int status, rc = 0;

	if (in->in && in->in != stdin)
		fclose(in->in);
	in->in = NULL;
	if (!in->perf)
		return 0;
	while (waitpid(in->perf, &status, 0) < 0)
		if (errno != EINTR) {
			warn("waiting for perf");
			return -1;
		}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		warnx("%s: perf script failed (status %d)", path,
		      WIFEXITED(status) ? WEXITSTATUS(status) :
		      128 + WTERMSIG(status));
		rc = -1;
	}
	in->perf = 0;
	return rc;
}

/* SPDX-License-Identifier: MIT */
/*
 * Reading /proc/<pid>: see proc.h.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/maps.h"
#include "elf/open.h"
#include "machine/mapsid.h"
#include "machine/readall.h"
#include "tools/inspect/proc.h"

#define OPEN_FLAGS (O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)

/* Say why /proc/PID/NAME could not be read, with errno as it failed. */
static void cannot(pid_t pid, const char *name)
{
	int e = errno;

	if (e == ENOENT || e == ESRCH)
		warnx("process %d: no such process", (int)pid);
	else if ((e == EACCES || e == EPERM) && geteuid() == 0)
		warnx("process %d: /proc/%d/%s: %s: the kernel's ptrace access "
		      "check refuses even root here (CAP_SYS_PTRACE missing, "
		      "as in a container, or Yama's ptrace_scope)", (int)pid,
		      (int)pid, name, strerror(e));
	else if (e == EACCES || e == EPERM)
		warnx("process %d: /proc/%d/%s: %s: reading another user's "
		      "process needs root (ptrace access mode)", (int)pid,
		      (int)pid, name, strerror(e));
	else
		warnx("process %d: /proc/%d/%s: %s", (int)pid, (int)pid, name,
		      strerror(e));
}

char *inspect_proc_slurp(pid_t pid, const char *name, size_t *len)
{
	char path[64];
	char *buf;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
	fd = open(path, OPEN_FLAGS);
	if (fd < 0) {
		cannot(pid, name);
		return NULL;
	}
	buf = mach_read_fd(fd, SIZE_MAX, len);
	if (!buf)
		cannot(pid, name);
	close(fd);
	return buf;
}

char *inspect_read_file(const char *path, size_t *len)
{
	int fd = open(path, OPEN_FLAGS);
	char *buf;

	if (fd < 0)
		return NULL;
	buf = mach_read_fd(fd, SIZE_MAX, len);
	close(fd);
	return buf;
}

int inspect_proc_open_exe(pid_t pid, char **path)
{
	char link[64], target[PATH_MAX];
	ssize_t n;
	int fd;

	snprintf(link, sizeof(link), "/proc/%d/exe", (int)pid);
	n = readlink(link, target, sizeof(target) - 1);
	fd = n < 0 ? -1 : open(link, OPEN_FLAGS);
	if (fd < 0) {
		if (errno == ENOENT)
			warnx("process %d: has no program file "
			      "(a kernel thread, or a process that has exited)",
			      (int)pid);
		else
			cannot(pid, "exe");
		return -1;
	}
	target[n] = '\0';
	*path = strdup(target);
	if (!*path) {
		warn("process %d", (int)pid);
		close(fd);
		return -1;
	}
	return fd;
}

/* Open NAME if it is a regular file (a process maps device nodes too)
 * and, opened, the file of M (machine/mapsid.h). */
static int open_checked(const char *name, const struct hl_smaps_map *m)
{
	struct stat st;
	int fd;

	if (stat(name, &st) || !S_ISREG(st.st_mode))
		return -1;
	fd = el_open_regular(name, 0);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !mach_fd_is_maps_file(fd, &st, m->line.inode,
						    m->line.major,
						    m->line.minor)) {
		close(fd);
		return -1;
	}
	return fd;
}

int inspect_proc_open_mapped(pid_t pid, const struct hl_smaps_map *m)
{
	char name[96];
	int fd;

	snprintf(name, sizeof(name), "/proc/%d/map_files/%lx-%lx", (int)pid,
		 (unsigned long)m->line.start, (unsigned long)m->line.end);
	fd = open_checked(name, m);
	if (fd >= 0 || m->line.path[0] != '/')
		return fd;
	return open_checked(m->line.path, m);
}

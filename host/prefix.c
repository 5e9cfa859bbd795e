/*
 * The install prefix from /proc/self/exe.  The string work is kept
 * apart from the read, so that it can be tested on plain paths.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "host/prefix.h"

int host_prefix_cut(char *path)
{
	char *name = strrchr(path, '/'), *bin;

	if (!name)
		return -1;
	*name = '\0';
	bin = strrchr(path, '/');
	*name = '/';
	if (!bin)
		return -1;
	*bin = '\0';
	return 0;
}

char *host_prefix_find(void)
{
	char *exe = realpath("/proc/self/exe", NULL);

	if (!exe) {
		warn("/proc/self/exe");
		return NULL;
	}
	if (host_prefix_cut(exe)) {
		warnx("%s: not installed as <prefix>/bin/<name>", exe);
		free(exe);
		return NULL;
	}
	return exe;
}

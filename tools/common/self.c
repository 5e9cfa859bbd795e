/*
 * The installed tree, relative to the tool that runs.
 */
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/common/self.h"

/* Cut the last component off PATH.  Returns -1 when there is none. */
static int cut_last(char *path)
{
	char *slash = strrchr(path, '/');

	if (!slash)
		return -1;
	*slash = '\0';
	return 0;
}

int tl_self_libdir(char *buf, size_t len)
{
	char exe[PATH_MAX];

	if (!realpath("/proc/self/exe", exe)) {
		warn("/proc/self/exe");
		return -1;
	}
	/* <prefix>/bin/<tool>: drop <tool>, then bin. */
	if (cut_last(exe) || cut_last(exe)) {
		warnx("%s: not installed as <prefix>/bin/<tool>", exe);
		return -1;
	}
	if ((size_t)snprintf(buf, len, "%s/lib", exe) >= len) {
		warnx("%s/lib: path too long", exe);
		return -1;
	}
	return 0;
}

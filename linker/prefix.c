/*
 * Finding the install tree relative to the running wrapper.
 */
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker/config.h"
#include "linker/prefix.h"

/* Drop the last two components of PATH: "/p/bin/x" becomes "/p". */
static int up_two(char *path)
{
	for (int i = 0; i < 2; i++) {
		char *slash = strrchr(path, '/');

		if (!slash)
			return -1;
		*slash = '\0';
	}
	return 0;
}

static char *join(const char *prefix, const char *rest)
{
	char *s;

	if (asprintf(&s, "%s/%s", prefix, rest) < 0)
		return NULL;
	return s;
}

int lw_prefix_find(struct lw_prefix *p)
{
	char *exe = realpath("/proc/self/exe", NULL);

	if (!exe) {
		warn("/proc/self/exe");
		return -1;
	}
	if (up_two(exe) < 0) {
		warnx("cannot find the install tree above %s", exe);
		free(exe);
		return -1;
	}
	p->libdir = join(exe, "lib");
	p->lib_so = join(exe, "lib/libhugelink.so");
	p->lib_a = join(exe, "lib/libhugelink.a");
	p->scripts = join(exe, "share/hugelink/ldscripts");
	free(exe);
	if (!p->libdir || !p->lib_so || !p->lib_a || !p->scripts) {
		warn("finding the install tree");
		lw_prefix_free(p);
		return -1;
	}
	return 0;
}

bool lw_prefix_is_system_libdir(const char *dir)
{
	static const char *const dirs[] = {
		"/lib", "/usr/lib",
		"/lib/" HL_MULTIARCH, "/usr/lib/" HL_MULTIARCH,
	};

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (strcmp(dir, dirs[i]) == 0)
			return true;
	return false;
}

void lw_prefix_free(struct lw_prefix *p)
{
	free(p->libdir);
	free(p->lib_so);
	free(p->lib_a);
	free(p->scripts);
	p->libdir = p->lib_so = p->lib_a = p->scripts = NULL;
}

/* SPDX-License-Identifier: MIT */
/*
 * The wrapper's files in the install tree that machine/dirs.c finds from
 * the running wrapper.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine/dirs.h"
#include "linker/config.h"
#include "linker/prefix.h"

static char *join(const char *prefix, const char *rest)
{
	char *s;

	if (asprintf(&s, "%s/%s", prefix, rest) < 0)
		return NULL;
	return s;
}

int lw_prefix_find(struct lw_prefix *p)
{
	struct mach_dirs d;

	if (mach_dirs_find(&d) < 0)
		return -1;
	p->libdir = strdup(d.lib);
	p->cross_libdir = strdup(d.cross_lib);
	p->lib_so = join(d.lib, "libhugelink.so");
	p->lib_a = join(d.lib, "libhugelink.a");
	p->hot_o = join(d.lib, "hugelink-hot.o");
	p->scripts = join(d.data, "hugelink/ldscripts");
	mach_dirs_free(&d);
	if (!p->libdir || !p->cross_libdir || !p->lib_so || !p->lib_a ||
	    !p->hot_o || !p->scripts) {
		warn("finding the install tree");
		lw_prefix_free(p);
		return -1;
	}
	return 0;
}

int lw_prefix_target(struct lw_prefix *p, const char *multiarch)
{
	char *dir = mach_dirs_cross_lib(p->cross_libdir, multiarch);
	char *so = dir ? join(dir, "libhugelink.so") : NULL;
	char *a = dir ? join(dir, "libhugelink.a") : NULL;
	char *hot = dir ? join(dir, "hugelink-hot.o") : NULL;

	if (!dir || !so || !a || !hot) {
		warn("finding the %s runtime", multiarch);
		free(dir);
		free(so);
		free(a);
		free(hot);
		return -1;
	}
	free(p->libdir);
	free(p->lib_so);
	free(p->lib_a);
	free(p->hot_o);
	p->libdir = dir;
	p->lib_so = so;
	p->lib_a = a;
	p->hot_o = hot;
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
	free(p->cross_libdir);
	free(p->lib_so);
	free(p->lib_a);
	free(p->hot_o);
	free(p->scripts);
	p->libdir = p->cross_libdir = p->lib_so = p->lib_a = p->hot_o =
		p->scripts = NULL;
}

/* SPDX-License-Identifier: MIT */
/*
 * Choosing and identifying the real linker.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker/emul.h"
#include "linker/findld.h"
#include "linker/realld.h"
#include "linker/spawn.h"

/*
 * The names a compiler runs the linker as: "ld" by default, "ld.<name>"
 * for -fuse-ld=<name>.
 */
static const char *const ld_names[] = {
	"ld", "ld.bfd", "ld.gold", "ld.lld", "ld.mold",
};
#define NNAMES (sizeof(ld_names) / sizeof(ld_names[0]))

/*
 * The name of the real linker for the name we run as: "ld" for
 * hugetlbfs-ld, ld.hugetlbfs and any "<target>-ld"; "ld.lld" for
 * "ld.lld" or "<target>-ld.lld", and so on.  NULL for any other name.
 */
static const char *role(const char *argv0)
{
	const char *base = strrchr(argv0, '/'), *dash;

	base = base ? base + 1 : argv0;
	if (strcmp(base, "ld.hugetlbfs") == 0)
		return ld_names[0];
	dash = strrchr(base, '-');
	if (dash && strncmp(dash + 1, "ld", 2) == 0)
		base = dash + 1;
	for (size_t i = 0; i < NNAMES; i++)
		if (strcmp(base, ld_names[i]) == 0)
			return ld_names[i];
	return NULL;
}

/* Refuse PATH when it is this very program: that would loop forever. */
static int not_self(const char *path)
{
	struct stat me, it;

	if (stat(path, &it) < 0) {
		warn("real linker %s", path);
		return -1;
	}
	if (stat("/proc/self/exe", &me) == 0 && me.st_dev == it.st_dev &&
	    me.st_ino == it.st_ino) {
		warnx("real linker %s is hugetlbfs-ld itself; "
		      "set HUGELINK_LD to the real linker", path);
		return -1;
	}
	if (access(path, X_OK) < 0) {
		warn("real linker %s", path);
		return -1;
	}
	return 0;
}

/*
 * Another copy of hugetlbfs-ld, found as the real linker by this one (or
 * the other way round), would run them in turn forever.  Each copy
 * exports its process id to the linker it runs, which is then the same
 * process (exec) or a child (spawn): a copy that finds its own or its
 * parent's id there was run by a copy as its real linker.
 */
static int not_nested(void)
{
	const char *v = getenv(LW_REALLD_GUARD);
	long id = v ? strtol(v, NULL, 10) : 0;
	char me[32];

	if (id && (id == (long)getpid() || id == (long)getppid())) {
		warnx("another hugetlbfs-ld ran this one as its real linker; "
		      "set HUGELINK_LD to the real linker");
		return -1;
	}
	snprintf(me, sizeof(me), "%ld", (long)getpid());
	if (setenv(LW_REALLD_GUARD, me, 1) < 0) {
		warn("setenv");
		return -1;
	}
	return 0;
}

/* The HUGELINK_LD override, which must be an absolute path. */
static int from_env(const char *env, struct lw_realld *r)
{
	if (env[0] != '/') {
		warnx("HUGELINK_LD=%s: must be an absolute path", env);
		return -1;
	}
	r->path = strdup(env);
	if (!r->path) {
		warn("HUGELINK_LD");
		return -1;
	}
	r->argv0 = r->path;
	return not_self(env);
}

int lw_realld_choose(const char *argv0, struct lw_realld *r)
{
	const char *env = getenv("HUGELINK_LD");
	const char *name;

	if (not_nested() < 0)
		return -1;
	if (env && *env)
		return from_env(env, r);
	name = role(argv0);
	if (!name) {
		warnx("run as %s: no real linker for that name (expected ld, "
		      "ld.bfd, ld.gold, ld.lld or ld.mold); set HUGELINK_LD",
		      argv0);
		return -1;
	}
	r->path = lw_findld(name);
	if (!r->path)
		return -1;
	r->argv0 = name;
	return not_self(r->path);
}

void lw_realld_free(struct lw_realld *r)
{
	free(r->path);
	r->path = NULL;
}

enum lw_flavour lw_flavour_of(const char *version)
{
	size_t n = strcspn(version, "\n");

	if (memmem(version, n, "GNU gold", 8))
		return LW_FLAVOUR_GOLD;
	if (strncmp(version, "GNU ld", 6) == 0)
		return LW_FLAVOUR_BFD;
	if (memmem(version, n, "LLD ", 4))
		return LW_FLAVOUR_LLD;
	if (strncmp(version, "mold ", 5) == 0)
		return LW_FLAVOUR_MOLD;
	return LW_FLAVOUR_UNKNOWN;
}

/*
 * lw_spawn with LC_ALL=C for the child: the heading "Supported
 * emulations:" of -V is translated in other locales.  The wrapper's own
 * environment, which the real link gets, is put back.
 */
static int spawn_untranslated(const char *path, char *const argv[],
			      char **out, int *status)
{
	const char *v = getenv("LC_ALL");
	char *old = v ? strdup(v) : NULL;
	int rc = -1;

	if ((v && !old) || setenv("LC_ALL", "C", 1) < 0)
		warn("LC_ALL=C");
	else
		rc = lw_spawn(path, argv, out, status);
	if (old)
		setenv("LC_ALL", old, 1);
	else
		unsetenv("LC_ALL");
	free(old);
	return rc;
}

int lw_realld_probe(struct lw_realld *r)
{
	char *const argv[] = { (char *)r->argv0, "-V", NULL };
	char *out;
	int status;

	if (spawn_untranslated(r->path, argv, &out, &status) < 0)
		return -1;
	r->flavour = lw_flavour_of(out);
	if (lw_emul_default(out, r->emulation, sizeof(r->emulation)) < 0)
		r->emulation[0] = '\0';
	if (status != 0 || r->flavour == LW_FLAVOUR_UNKNOWN) {
		warnx("%s -V: not GNU ld, gold, lld or mold: \"%.*s\"", r->path,
		      (int)strcspn(out, "\n"), out);
		free(out);
		return -1;
	}
	free(out);
	return 0;
}

const char *lw_flavour_name(enum lw_flavour f)
{
	static const char *const names[] = {
		[LW_FLAVOUR_UNKNOWN] = "an unknown linker",
		[LW_FLAVOUR_BFD] = "GNU ld",
		[LW_FLAVOUR_GOLD] = "gold",
		[LW_FLAVOUR_LLD] = "lld",
		[LW_FLAVOUR_MOLD] = "mold",
	};

	return names[f];
}

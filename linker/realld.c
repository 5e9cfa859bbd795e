/*
 * Choosing and identifying the real linker.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker/config.h"
#include "linker/emul.h"
#include "linker/realld.h"
#include "linker/spawn.h"

/*
 * The linkers found when hugetlbfs-ld was built, by the name a compiler
 * looks for ("ld", or "ld.<name>" for -fuse-ld=<name>).  An empty path
 * means it was not installed then.
 */
static const struct {
	const char *name;
	const char *path;
} builtin[] = {
	{ "ld",		HL_LD_DEFAULT },
	{ "ld.bfd",	HL_LD_BFD },
	{ "ld.gold",	HL_LD_GOLD },
	{ "ld.lld",	HL_LD_LLD },
	{ "ld.mold",	HL_LD_MOLD },
};
#define NBUILTIN (sizeof(builtin) / sizeof(builtin[0]))

/*
 * The entry for the name we run as: "ld" for hugetlbfs-ld, ld.hugetlbfs
 * and any "<target>-ld"; "ld.lld" for "ld.lld" or "<target>-ld.lld", and
 * so on.  NBUILTIN for any other name.
 */
static size_t role(const char *argv0)
{
	const char *base = strrchr(argv0, '/'), *dash;
	size_t i;

	base = base ? base + 1 : argv0;
	if (strcmp(base, "ld.hugetlbfs") == 0)
		return 0;
	dash = strrchr(base, '-');
	if (dash && strncmp(dash + 1, "ld", 2) == 0)
		base = dash + 1;
	for (i = 0; i < NBUILTIN; i++)
		if (strcmp(base, builtin[i].name) == 0)
			break;
	return i;
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

/* The HUGELINK_LD override, which must be an absolute path. */
static int from_env(const char *env, struct lw_realld *r)
{
	if (env[0] != '/') {
		warnx("HUGELINK_LD=%s: must be an absolute path", env);
		return -1;
	}
	r->path = r->argv0 = env;
	return not_self(env);
}

int lw_realld_choose(const char *argv0, struct lw_realld *r)
{
	const char *env = getenv("HUGELINK_LD");
	size_t i;

	if (env && *env)
		return from_env(env, r);
	i = role(argv0);
	if (i == NBUILTIN) {
		warnx("run as %s: no real linker for that name (expected ld, "
		      "ld.bfd, ld.gold, ld.lld or ld.mold); set HUGELINK_LD",
		      argv0);
		return -1;
	}
	if (!builtin[i].path[0]) {
		warnx("%s was not found when hugetlbfs-ld was built; install "
		      "it and rebuild, or set HUGELINK_LD to its absolute path",
		      builtin[i].name);
		return -1;
	}
	r->path = builtin[i].path;
	r->argv0 = builtin[i].name;
	return not_self(r->path);
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

int lw_realld_probe(struct lw_realld *r)
{
	char *const argv[] = { (char *)r->argv0, "-V", NULL };
	char *out;
	int status;

	if (lw_spawn(r->path, argv, &out, &status) < 0)
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

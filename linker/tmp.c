/* SPDX-License-Identifier: MIT */
/*
 * The per-link temporary directory.  It is removed on SIGHUP, SIGINT,
 * SIGPIPE and SIGTERM too (machine/signals.h), with an output that is
 * written and not yet edited, and the signals are held off whenever what
 * the handler reads changes.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine/signals.h"
#include "linker/spawn.h"
#include "linker/tmp.h"

/* The directory to remove on a signal: the handler has no other way to
 * find it.  Only async-signal-safe calls touch it there. */
static const struct lw_tmp *volatile on_signal;

static void remove_files(const struct lw_tmp *t)
{
	if (!t || !t->dir)
		return;
	if (t->args)
		unlink(t->args);
	if (t->script)
		unlink(t->script);
	if (t->order)
		unlink(t->order);
	rmdir(t->dir);
}

static void remove_on_signal(void)
{
	const struct lw_tmp *t = on_signal;

	lw_spawn_stop();
	if (t && t->unedited)
		lw_output_remove(t->unedited);
	remove_files(t);
}

static char *path_in(const char *dir, const char *name)
{
	char *s;

	return asprintf(&s, "%s/%s", dir, name) < 0 ? NULL : s;
}

int lw_tmp_create(struct lw_tmp *t)
{
	const char *base = getenv("TMPDIR");
	char *dir, *args, *script, *order;
	sigset_t saved;

	if (!base || !*base)
		base = "/tmp";
	dir = path_in(base, "hugetlbfs-ld.XXXXXX");
	if (!dir || mach_undo_on_signals(remove_on_signal)) {
		warn("temporary directory");
		free(dir);
		return -1;
	}
	mach_signals_hold(&saved);
	t->dir = mkdtemp(dir);
	on_signal = t;
	mach_signals_release(&saved);
	if (!t->dir) {
		warn("%s", dir);
		free(dir);
		return -1;
	}
	/* mkdtemp's 0700 passes through the umask, which may take the
	 * owner's write permission (0277). */
	if (chmod(t->dir, 0700) < 0) {
		warn("%s", t->dir);
		return -1;
	}
	args = path_in(t->dir, "args");
	script = path_in(t->dir, "script");
	order = path_in(t->dir, "order");
	mach_signals_hold(&saved);
	t->args = args;
	t->script = script;
	t->order = order;
	mach_signals_release(&saved);
	if (!args || !script || !order) {
		warn("temporary directory");
		return -1;
	}
	return 0;
}

int lw_tmp_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "wx");

	if (!f) {
		warn("%s", path);
		return -1;
	}
	fputs(text, f);
	if (fclose(f) != 0) {
		warn("%s", path);
		return -1;
	}
	return 0;
}

void lw_tmp_unedited(struct lw_tmp *t, const struct lw_output *output)
{
	sigset_t saved;

	mach_signals_hold(&saved);
	t->unedited = output;
	mach_signals_release(&saved);
}

void lw_tmp_remove(struct lw_tmp *t)
{
	sigset_t saved;

	mach_signals_hold(&saved);
	remove_files(t);
	if (on_signal == t)
		on_signal = NULL;
	mach_signals_release(&saved);
	free(t->args);
	free(t->script);
	free(t->order);
	free(t->dir);
	t->dir = t->args = t->script = t->order = NULL;
	t->unedited = NULL;
}

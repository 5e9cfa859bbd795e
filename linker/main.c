/* SPDX-License-Identifier: MIT */
/*
 * hugetlbfs-ld: link a program so that its segments can live on huge
 * pages, by driving the real linker.
 *
 * Without any --hugetlbfs-* option the wrapper only execs the real
 * linker: compilers run every link through it (gcc -B), including -r,
 * --version and -v.  --hugetlbfs-version and --hugetlbfs-help are
 * answered by the wrapper itself, which then runs nothing.  With another, it
 * runs the real linker as a child and waits, because the output needs a
 * post-link edit (p_align, p_flags) that no linker option or script can
 * express.  Each step returns -1 after its message; main alone turns that into
 * an exit status.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/version.h"
#include "linker/argv.h"
#include "linker/cmdline.h"
#include "linker/congruent.h"
#include "linker/emul.h"
#include "linker/hotalign.h"
#include "linker/hotrange.h"
#include "linker/layout.h"
#include "linker/libc.h"
#include "linker/libsearch.h"
#include "linker/options.h"
#include "linker/order.h"
#include "linker/output.h"
#include "linker/prefix.h"
#include "linker/realld.h"
#include "linker/usage.h"
#include "linker/rsp.h"
#include "linker/script.h"
#include "linker/scriptorder.h"
#include "linker/spawn.h"
#include "linker/status.h"
#include "linker/tmp.h"

struct job {
	struct lw_argv args;	/* the command line, response files expanded */
	struct lw_opts opts;
	struct lw_realld ld;
	struct lw_layout layout;
	struct lw_prefix prefix;
	struct lw_cmdline plan;
	struct lw_tmp tmp;
	char *script;		/* -T path for an installed script */
	struct lw_order order;	/* --hugetlbfs-order, resolved */
	char *order_arg;	/* the linker's ordering option */
	struct lw_output out;	/* the output, through its directory */
	struct stat before;	/* the output before the link */
	bool existed;		/* ... if there was one */
	int status;		/* the real linker's wait status */
};

/* True when an argument of A looks like an option of ours. */
static bool names_ours(const struct lw_argv *a)
{
	for (size_t i = 0; i < a->n; i++)
		if (lw_opts_looks_ours(a->v[i]))
			return true;
	return false;
}

/*
 * The response files hold more than the wrapper reads, from the @file at
 * STOP on.  A link with an option of ours in what was read is refused;
 * one with none seen is left with no option of ours, for the real
 * linker to have as it was given.
 */
static int too_big(struct job *j, size_t stop)
{
	if (!names_ours(&j->args))
		return 0;
	lw_rsp_too_big(j->args.v[stop]);
	return -1;
}

static int parse(struct job *j, int argc, char **argv)
{
	size_t stop;
	int rc;

	if (lw_argv_pushv(&j->args, argv + 1, argc - 1) < 0) {
		warn("reading the command line");
		return -1;
	}
	rc = lw_rsp_expand_upto(&j->args, 0, &stop);
	if (rc == LW_RSP_TOO_BIG)
		return too_big(j, stop);
	if (rc < 0)
		return -1;
	return lw_opts_parse(&j->args, &j->opts);
}

/* No option of ours: become the real linker, arguments untouched. */
static void pass_through(const struct job *j, char **argv)
{
	argv[0] = (char *)j->ld.argv0;
	execv(j->ld.path, argv);
	warn("cannot run %s", j->ld.path);
}

static bool wants_layout(const struct lw_opts *o)
{
	return o->mode != LW_MODE_NONE && !o->relocatable && !o->info_only;
}

/* The target: -m, else LDEMULATION for GNU ld, else the linker's default. */
static const char *emulation(const struct job *j)
{
	const char *env = getenv("LDEMULATION");

	if (j->opts.emulation)
		return j->opts.emulation;
	if (j->ld.flavour == LW_FLAVOUR_BFD && env && *env)
		return env;
	return j->ld.emulation;
}

/* For --hugetlbfs-link: the installed script, which must exist. */
static int find_script(struct job *j)
{
	const char *dir = j->opts.script_dir ? j->opts.script_dir :
			  j->prefix.scripts;

	if (j->layout.method != LW_METHOD_SCRIPT)
		return 0;
	if (asprintf(&j->script, "%s/%s", dir, j->layout.script_name) < 0) {
		j->script = NULL;
		warn("script path");
		return -1;
	}
	if (access(j->script, R_OK) < 0) {
		warn("no --hugetlbfs-link script for emulation %s: %s",
		     emulation(j), j->script);
		return -1;
	}
	j->plan.script = j->script;
	return 0;
}

/*
 * The runtime's archive calls libc, and a link without it (-nostdlib,
 * -nodefaultlibs) would end in an undefined reference for each call:
 * such an output gets the layout only, and one line saying so.  A
 * dynamic program can still have the runtime from libhugelink.so, which
 * brings libc with it: preloaded by hugectl, or linked with
 * --hugetlbfs-runtime=shared.
 */
static void say_no_libc(const struct lw_opts *o)
{
	bool dynamic = o->kind != LW_KIND_SHARED && !o->is_static;

	warnx("%s: no C library on the link (-nostdlib or -nodefaultlibs "
	      "without -lc), which the runtime needs%s: %s gets the "
	      "huge-page layout without it%s", o->output,
	      o->kind == LW_KIND_SHARED ? " with -z defs" : "", o->output,
	      dynamic ? "; hugectl, which preloads the runtime, or "
	      "--hugetlbfs-runtime=shared brings it" : "");
}

/* The runtime: the archive, inside every kind of executable and shared
 * object, unless --hugetlbfs-runtime=shared asks for the shared library
 * in a dynamic executable (with a run path unless the loader finds it
 * anyway).  A shared object carries its own copy, whose constructor is
 * how the runtime hears that dlopen() loaded it.  For another target
 * than the wrapper's own (aarch64linux on x86-64), the runtime built
 * for it in the cross libdir (linker/prefix.h); a shared object for a
 * target with none there (-m elf_i386) gets the layout only, and
 * another output for a target the runtime is not built for at all is
 * refused.  An output the archive cannot go into for want of libc gets
 * the layout only. */
static int find_runtime(struct job *j)
{
	const struct lw_opts *o = &j->opts;
	const char *emu = emulation(j), *multiarch = NULL;
	bool archive = o->is_static || o->kind == LW_KIND_SHARED ||
		       o->runtime == LW_RUNTIME_STATIC;

	if (!wants_layout(o))
		return 0;
	if (!lw_emul_native(emu)) {
		multiarch = lw_emul_multiarch(emu);
		if (multiarch && lw_prefix_target(&j->prefix, multiarch) < 0)
			return -1;
		if (o->kind == LW_KIND_SHARED &&
		    (!multiarch || access(j->prefix.lib_a, R_OK) < 0))
			return 0;
		if (!multiarch) {
			warnx("no runtime for emulation %s: hugelink's runtime "
			      "is not built for that target, and only a "
			      "shared object (-shared) is laid out without "
			      "it", emu);
			return -1;
		}
	}
	if (archive && !lw_libc_meets_runtime(o)) {
		say_no_libc(o);
		return 0;
	}
	j->plan.archive = archive;
	j->plan.runtime = j->plan.archive ? j->prefix.lib_a : j->prefix.lib_so;
	if (!j->plan.archive && !lw_prefix_is_system_libdir(j->prefix.libdir))
		j->plan.rpath = j->prefix.libdir;
	if (access(j->plan.runtime, R_OK) < 0) {
		if (multiarch)
			warn("no runtime for emulation %s "
			     "(make install-runtime ARCH=... installs one): "
			     "%s", emu, j->plan.runtime);
		else
			warn("runtime library %s", j->plan.runtime);
		return -1;
	}
	return 0;
}

static int decide(struct job *j)
{
	j->plan.layout = &j->layout;
	if (!wants_layout(&j->opts))
		return 0;
	if (lw_layout_decide(&j->opts, j->ld.flavour, emulation(j),
			     &j->layout) < 0)
		return -1;
	return find_script(j);
}

/* GNU ld's own default script for these options, made huge-page aware. */
static int generate_script(struct job *j)
{
	struct lw_argv v = { 0 };
	char *out = NULL, *script = NULL;
	int rc = -1, status;

	if (lw_argv_pushv(&v, (char *const[]){ (char *)j->ld.argv0,
			  "--verbose", "-m", (char *)emulation(j) }, 4) < 0 ||
	    lw_argv_pushv(&v, j->opts.script_opts.v,
			  j->opts.script_opts.n) < 0) {
		warn("ld --verbose");
		goto out;
	}
	if (lw_spawn(j->ld.path, v.v, &out, &status) < 0)
		goto out;
	if (status != 0) {
		warnx("%s --verbose failed (status %d)", j->ld.path,
		      lw_exit_code(status));
		goto out;
	}
	script = lw_script_make(out, LW_SCRIPT_ALIGN, j->layout.text_page,
				j->layout.page);
	if (script && j->opts.order) {
		char *ordered = lw_script_order(script, &j->order.sections);

		free(script);
		script = ordered;
	}
	if (script && lw_tmp_write(j->tmp.script, script) == 0) {
		j->plan.script = j->tmp.script;
		rc = 0;
	}
out:
	free(script);
	free(out);
	lw_argv_free(&v);
	return rc;
}

static int write_args(const struct job *j)
{
	struct lw_argv v = { 0 };
	FILE *f;
	int rc = -1;

	if (lw_cmdline_args(&j->opts, &j->plan, &v) < 0) {
		warn("building the linker's arguments");
		goto out;
	}
	f = fopen(j->tmp.args, "wx");
	if (!f) {
		warn("%s", j->tmp.args);
		goto out;
	}
	rc = lw_rsp_write(f, v.v, v.n);
	if (fclose(f) != 0 || rc < 0) {
		warn("%s", j->tmp.args);
		rc = -1;
	}
out:
	lw_argv_free(&v);
	return rc;
}

/*
 * --hugetlbfs-order: each linker through its own means.  GNU ld gets the
 * sections first in .text of the generated script (generate_script);
 * lld the symbols in --symbol-ordering-file; gold the sections in
 * --section-ordering-file, followed by ".text*", since gold puts the
 * sections its file does not name before those it names, and the
 * pattern names the rest of the text in their link order.  GNU ld with a -T
 * script of the user's, and mold, have no means here.
 */
static int order_option(struct job *j)
{
	const struct lw_argv *list = NULL;
	const char *opt = NULL;
	char *text;
	int rc;

	if (j->ld.flavour == LW_FLAVOUR_LLD) {
		list = &j->order.names;
		opt = "--symbol-ordering-file=";
	} else if (j->ld.flavour == LW_FLAVOUR_GOLD) {
		list = &j->order.sections;
		opt = "--section-ordering-file=";
	}
	if (!list)
		return 0;
	text = lw_order_text(list, j->ld.flavour == LW_FLAVOUR_GOLD ?
			     ".text*" : NULL);
	if (!text) {
		warn("the ordering file");
		return -1;
	}
	rc = lw_tmp_write(j->tmp.order, text);
	free(text);
	if (rc == 0 && asprintf(&j->order_arg, "%s%s", opt, j->tmp.order) < 0) {
		j->order_arg = NULL;
		warn("the ordering file");
		rc = -1;
	}
	j->plan.order_arg = j->order_arg;
	return rc;
}

static int prepare(struct job *j)
{
	if (lw_tmp_create(&j->tmp) < 0)
		return -1;
	if (j->opts.order && order_option(j) < 0)
		return -1;
	if (j->layout.method == LW_METHOD_GENERATE && generate_script(j) < 0)
		return -1;
	return write_args(j);
}

/* The order's names and sections, from the link's inputs; the hot note's
 * object joins the link.  A linker with no means to order is refused. */
static int resolve_order(struct job *j)
{
	struct lw_argv inputs = { 0 };
	int rc;

	if (!j->opts.order || !wants_layout(&j->opts))
		return 0;
	if (j->ld.flavour == LW_FLAVOUR_MOLD) {
		warnx("--hugetlbfs-order: mold (%s) has no option that orders "
		      "sections or symbols; link with GNU ld, lld or gold "
		      "(-fuse-ld=bfd, lld or gold)", j->ld.path);
		return -1;
	}
	if (j->ld.flavour == LW_FLAVOUR_BFD &&
	    j->layout.method != LW_METHOD_GENERATE) {
		warnx("--hugetlbfs-order: GNU ld with a -T script has no way "
		      "to order sections here (its generated script does); "
		      "drop -T, or link with lld or gold");
		return -1;
	}
	if (lw_argv_pushv(&inputs, j->opts.inputs.v, j->opts.inputs.n) < 0 ||
	    lw_libsearch(&j->opts.libs, &j->opts.libdirs, j->opts.is_static,
			 &inputs) < 0) {
		warn("the link's inputs");
		lw_argv_free(&inputs);
		return -1;
	}
	rc = lw_order_resolve(j->opts.order, &inputs, &j->order);
	lw_argv_free(&inputs);
	if (rc < 0)
		return -1;
	j->plan.hot_note = j->prefix.hot_o;
	if (access(j->plan.hot_note, R_OK) < 0) {
		warn("hot text note %s", j->plan.hot_note);
		return -1;
	}
	return 0;
}

/* Run the real linker on the response file. */
static int run_ld(struct job *j)
{
	char *rsp = NULL;
	int rc;

	if (asprintf(&rsp, "@%s", j->tmp.args) < 0) {
		warn("response file");
		return -1;
	}
	rc = lw_spawn(j->ld.path, (char *const[]){ (char *)j->ld.argv0, rsp,
		      NULL }, NULL, &j->status);
	free(rsp);
	return rc;
}

/* Hold the output's directory and note the output before the link,
 * then link. */
static int link_output(struct job *j)
{
	if (lw_output_hold(&j->out, j->opts.output) < 0)
		return -1;
	j->existed = lw_output_stat(&j->out, &j->before) == 0;
	return run_ld(j);
}

/*
 * True when the link wrote a regular file at the output path, or when a
 * symbolic link stands there, which the edit refuses (linker/output.h):
 * a link whose output is a device (-o /dev/null) is left alone.  *NOW
 * is what stands there.
 */
static bool output_found(const struct job *j, struct stat *now)
{
	if (j->out.dir < 0 || lw_output_stat(&j->out, now) < 0)
		return false;
	if (S_ISLNK(now->st_mode))
		return true;
	if (!S_ISREG(now->st_mode))
		return false;
	return !j->existed || now->st_dev != j->before.st_dev ||
	       now->st_ino != j->before.st_ino ||
	       now->st_size != j->before.st_size ||
	       now->st_mtim.tv_sec != j->before.st_mtim.tv_sec ||
	       now->st_mtim.tv_nsec != j->before.st_mtim.tv_nsec;
}

static bool output_written(const struct job *j)
{
	struct stat now;

	return output_found(j, &now);
}

/* Remove the output the link wrote; never a symbolic link. */
static void discard_output(const struct job *j)
{
	struct stat now;

	if (output_found(j, &now) && S_ISREG(now.st_mode) &&
	    lw_output_remove(&j->out) == 0)
		warnx("removed %s", j->opts.output);
}

/* Link again, with the arguments the layout now makes. */
static int link_again(struct job *j)
{
	if (unlink(j->tmp.args) < 0) {
		warn("%s", j->tmp.args);
		return -1;
	}
	if (write_args(j) < 0 || run_ld(j) < 0)
		return -1;
	return 0;
}

/*
 * GNU ld with the generated script: when a read-only segment holds a
 * whole huge page and its file offset is not congruent to its address,
 * link again with -z max-page-size (linker/congruent.h).  A program with
 * no such segment keeps the compact layout of the first link.
 */
static int relink_congruent(struct job *j)
{
	int need;

	if (j->layout.method != LW_METHOD_GENERATE || !output_written(j))
		return 0;
	need = lw_congruence_needed(&j->out, j->layout.text_page);
	if (need <= 0)
		return need;
	j->layout.congruent = true;
	return link_again(j);
}

/*
 * lld with an order: when the hot range would take fewer huge pages from
 * a text segment that starts on one, link again with -z separate-code
 * (linker/hotalign.h), unless the command line chose how code is kept
 * apart, or names a script of its own.
 */
static int relink_hot_aligned(struct job *j)
{
	int need;

	if (!j->plan.hot_note || j->ld.flavour != LW_FLAVOUR_LLD ||
	    j->layout.method != LW_METHOD_ZOPTS || j->opts.zseparate ||
	    j->opts.user_script || !output_written(j))
		return 0;
	need = lw_hotalign_needed(&j->out, &j->order.names,
				  j->layout.text_page);
	if (need <= 0)
		return need;
	j->layout.separate_code = true;
	return link_again(j);
}

static int edit(struct job *j)
{
	if (!wants_layout(&j->opts) || !output_written(j))
		return 0;
	return lw_edit_output(&j->out, &j->layout.edit);
}

/* Everything after the command line is known to be ours. */
static int run_link(struct job *j)
{
	if (wants_layout(&j->opts) && lw_realld_probe(&j->ld) < 0)
		return LW_EXIT_SETUP;
	if (lw_prefix_find(&j->prefix) < 0)
		return LW_EXIT_SETUP;
	if (decide(j) < 0)
		return LW_EXIT_USAGE;
	if (find_runtime(j) < 0)
		return LW_EXIT_SETUP;
	if (resolve_order(j) < 0)
		return LW_EXIT_USAGE;
	if (prepare(j) < 0)
		return LW_EXIT_FAILED;
	if (link_output(j) < 0)
		return LW_EXIT_SETUP;
	if (WIFSIGNALED(j->status))
		discard_output(j);
	if (j->status != 0)
		return lw_exit_code(j->status);
	if (wants_layout(&j->opts) && output_written(j))
		lw_tmp_unedited(&j->tmp, &j->out);
	if (relink_congruent(j) < 0 || relink_hot_aligned(j) < 0) {
		discard_output(j);
		return LW_EXIT_FAILED;
	}
	if (WIFSIGNALED(j->status))
		discard_output(j);
	if (j->status != 0)
		return lw_exit_code(j->status);
	if (edit(j) < 0 || (j->plan.hot_note && output_written(j) &&
			    lw_hotrange_write(&j->out,
					      &j->order.names) < 0)) {
		discard_output(j);
		return LW_EXIT_FAILED;
	}
	lw_tmp_unedited(&j->tmp, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	struct job j = { .out.dir = -1 };
	int rc;

	/* Messages name the wrapper, whatever name the compiler ran. */
	program_invocation_short_name = "hugetlbfs-ld";
	if (parse(&j, argc, argv) < 0) {
		fputs("Try 'hugetlbfs-ld --hugetlbfs-help'.\n", stderr);
		rc = LW_EXIT_USAGE;
	}
	else if (j.opts.help)
		rc = lw_usage(stdout) < 0 || fflush(stdout) ?
		     LW_EXIT_FAILED : 0;
	else if (j.opts.version)
		rc = printf("hugetlbfs-ld (hugelink) %s\n", HL_VERSION) < 0 ||
		     fflush(stdout) ? LW_EXIT_FAILED : 0;
	else if (lw_realld_choose(argv[0], &j.ld) < 0)
		rc = LW_EXIT_SETUP;
	else if (!j.opts.ours) {
		pass_through(&j, argv);
		rc = LW_EXIT_SETUP;
	} else
		rc = run_link(&j);
	lw_tmp_remove(&j.tmp);
	lw_output_release(&j.out);
	lw_realld_free(&j.ld);
	free(j.script);
	free(j.order_arg);
	lw_order_free(&j.order);
	lw_prefix_free(&j.prefix);
	lw_opts_free(&j.opts);
	lw_argv_free(&j.args);
	return rc;
}

/* SPDX-License-Identifier: MIT */
/*
 * hugectl: run a program with its text, data and bss on huge pages.
 *
 * It reads the options, finds the program as a shell would, reads how it
 * is linked and plans it with the runtime's own planner, sets the
 * HUGETLB_* variables (and LD_PRELOAD when the program does not carry
 * the runtime), and execs it.  Exit statuses: see ctl_usage.
 */
#include <err.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/size.h"
#include "core/version.h"
#include "machine/dirs.h"
#include "machine/env.h"
#include "machine/sysinfo.h"
#include "tools/common/cli.h"
#include "tools/common/escape.h"
#include "tools/hugectl/env.h"
#include "tools/hugectl/exec.h"
#include "tools/hugectl/libs.h"
#include "tools/hugectl/opts.h"
#include "tools/hugectl/prime.h"
#include "tools/hugectl/share.h"

#define EXIT_HUGECTL 125	/* hugectl itself failed, as env(1) */

/* What hugectl learns about the program; run() closes the file. */
struct program {
	char path[PATH_MAX];
	char shown[TL_ESCAPED_LEN(PATH_MAX)];	/* PATH, for messages */
	struct el_file elf;
	struct el_linkage link;
	struct hl_sizes sizes;
	struct ctl_target t;
};

/*
 * The environment without HUGETLB_RESTRICT_EXE, which names programs:
 * hugectl reads its own settings from it, whatever program it runs.
 */
static const char *get_env_unrestricted(const char *name, void *ctx)
{
	return strcmp(name, "HUGETLB_RESTRICT_EXE") ?
	       mach_env_get(name, ctx) : NULL;
}

/* The verbosity the environment asks for, read as the runtime reads it. */
static int env_verbose(void)
{
	struct hl_config cfg;

	hl_config_read(&cfg, get_env_unrestricted, NULL, false, "");
	return cfg.verbose;
}

/* True when the program's class or machine is not the runtime's. */
static bool foreign(const struct el_file *prog)
{
	struct el_file self;
	bool differs = true;

	if (!el_open(&self, "/proc/self/exe"))
		differs = self.eh.cls != prog->eh.cls ||
			  self.machine != prog->machine;
	el_close(&self);
	return differs;
}

static void read_sizes(struct hl_sizes *sizes)
{
	struct hl_config cfg;

	hl_config_read(&cfg, get_env_unrestricted, NULL, false, "");
	memset(sizes, 0, sizeof(*sizes));
	sizes->base = (size_t)sysconf(_SC_PAGESIZE);
	if (mach_sizes_read(sizes, cfg.error[0] ? 0 : cfg.default_page))
		sizes->navail = 0;
}

/*
 * Find and read the program.  A file that is not ELF (a script), or that
 * hugectl may execute but not read, is run without being inspected; an
 * ELF file hugectl cannot make sense of is refused.  One that cannot be
 * found or executed is refused too, but for DRY, which needs no program
 * (as libhugetlbfs's --dry-run): that is noted, and nothing else known.
 */
static int read_program(struct program *p, char *name, bool dry)
{
	const char *why;
	int rc = ctl_find(name, getenv("PATH"), p->path, sizeof(p->path),
			  &why);

	if (rc && !dry) {
		tl_escape(name, p->shown, sizeof(p->shown));
		warnx("%s: %s", p->shown, why);
		return rc;
	}
	p->t.path = rc ? name : p->path;
	p->t.missing = rc ? why : NULL;
	p->t.sizes = &p->sizes;
	read_sizes(&p->sizes);
	if (rc)
		return 0;
	if (access(p->path, R_OK)) {
		p->t.unreadable = true;
		return 0;
	}
	if (!el_path_starts_elf(p->path))
		return 0;
	tl_escape(p->path, p->shown, sizeof(p->shown));
	if (el_open_as(&p->elf, p->path, p->shown) ||
	    el_linkage_read(&p->elf, &p->link))
		return CTL_EXIT_NOEXEC;
	if (el_is_library(&p->elf, &p->link)) {
		warnx("%s: a shared library, not a program: run the program "
		      "that loads it (--libs=NAME moves a library that was not "
		      "relinked)", p->shown);
		return CTL_EXIT_NOEXEC;
	}
	p->t.elf = &p->elf;
	p->t.link = &p->link;
	p->t.foreign = foreign(&p->elf);
	return 0;
}

/* The notes name the program and quote the environment: escaped. */
static void print_notes(const struct ctl_vars *v, int verbose)
{
	char text[TL_ESCAPED_LEN(CTL_NOTE_LEN)];
	int left = 0;

	for (int i = 0; i < v->nnote; i++)
		if (v->note[i].level <= verbose)
			fprintf(stderr, "%s: %s\n",
				program_invocation_short_name,
				tl_escape(v->note[i].text, text, sizeof(text)));
	for (int l = 0; l <= verbose && l <= HL_V_DEBUG; l++)
		left += v->dropped[l];
	if (left)
		fprintf(stderr, "%s: %d more note%s left out\n",
			program_invocation_short_name, left,
			left == 1 ? "" : "s");
}

/* NAME=value, quoted for the shell only when the value needs it. */
static void print_var(const struct ctl_var *var)
{
	const char *s = var->value;

	if (*s && !s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			     "abcdefghijklmnopqrstuvwxyz"
			     "0123456789_./:=,+-@%")]) {
		printf("%s=%s\n", var->name, s);
		return;
	}
	printf("%s='", var->name);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*s);
	}
	puts("'");
}

/* The preloaded runtime must exist, or ld.so only warns and runs on. */
static int check_runtime(const struct ctl_vars *v, const struct ctl_opts *o,
			 const char *libdir)
{
	char lib[PATH_MAX + 32], shown[TL_ESCAPED_LEN(sizeof(lib))];

	if (!ctl_get(v, "LD_PRELOAD") || o->lib == CTL_LIB_SYSTEM)
		return 0;
	ctl_runtime(o, libdir, lib, sizeof(lib));
	if (!access(lib, R_OK))
		return 0;
	warn("%s", tl_escape(lib, shown, sizeof(shown)));
	return -1;
}

static int export_vars(const struct ctl_vars *v)
{
	for (int i = 0; i < v->nvar; i++) {
		if (setenv(v->var[i].name, v->var[i].value, 1)) {
			warn("setenv %s", v->var[i].name);
			return -1;
		}
	}
	return 0;
}

/*
 * HUGELINK_CTL_PID: the process ID the program will run as, this one's,
 * so that the runtime in the processes it starts, which inherit the
 * variables, keeps its warnings for the program named
 * (loader/pass.c).  Not printed by --dry-run: it names this run alone.
 */
static int name_the_program(void)
{
	char pid[24];

	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	if (!setenv("HUGELINK_CTL_PID", pid, 1))
		return 0;
	warn("setenv HUGELINK_CTL_PID");
	return -1;
}

/* Build the variables for P, then print them or run the program. */
static int launch(const struct ctl_opts *o, struct program *p,
		  const char *libdir)
{
	struct ctl_vars v;
	int rc = EXIT_HUGECTL;

	if (ctl_env_build(&v, o, &p->t, libdir, mach_env_get, NULL) ||
	    (p->t.elf && !p->t.foreign &&
	     ctl_libs_check(&v, &p->t, mach_env_get, NULL))) {
		warnx("out of memory");
		goto out_free_vars;
	}
	print_notes(&v, o->verbose);
	if (o->action == CTL_DRY_RUN) {
		for (int i = 0; i < v.nvar; i++)
			print_var(&v.var[i]);
		rc = fflush(stdout) ? EXIT_HUGECTL : 0;
		goto out_free_vars;
	}
	if (check_runtime(&v, o, libdir) || export_vars(&v) ||
	    name_the_program())
		goto out_free_vars;
	rc = ctl_exec(p->path, o->argv);
out_free_vars:
	ctl_vars_free(&v);
	return rc;
}

/* The LIBDIR of hugectl's own install tree, where its runtime lives. */
static int own_libdir(char *buf, size_t len)
{
	struct mach_dirs d;
	int n;

	if (mach_dirs_find(&d))
		return -1;
	n = snprintf(buf, len, "%s", d.lib);
	if (n < 0 || (size_t)n >= len) {
		warnx("%s: path too long", d.lib);
		n = -1;
	}
	mach_dirs_free(&d);
	return n < 0 ? -1 : 0;
}

/* --prime, for the PMD size, the only size of huge folio the file
 * backing maps, with or without a hugetlb pool.  A kernel that cannot
 * advise huge pages is named in each file's reason. */
static int prime(char *const *files)
{
	size_t base = (size_t)sysconf(_SC_PAGESIZE);

	return ctl_prime(stdout, files, hl_pmd_size(base)) ? 1 : 0;
}

/*
 * --library-path DIR as libhugetlbfs's hugectl took it: DIR itself when
 * it holds the runtime, else DIR as a prefix, whose lib directories
 * (lib64, lib, lib/<multiarch>) are searched for it.  DIR may be
 * relative.  Writes the absolute directory to BUF.
 */
static int library_dir(const char *dir, char *buf, size_t len)
{
	static const char *const under[] = { "", "/lib64", "/lib", "/lib/*" };
	char abs[PATH_MAX], pat[PATH_MAX + 64], shown[TL_ESCAPED_LEN(PATH_MAX)];
	glob_t g;

	if (!realpath(dir, abs)) {
		warn("--library-path %s", tl_escape(dir, shown, sizeof(shown)));
		return -1;
	}
	for (size_t i = 0; i < sizeof(under) / sizeof(under[0]); i++) {
		snprintf(pat, sizeof(pat), "%s%s/" EL_RUNTIME_SONAME_MAJOR, abs,
			 under[i]);
		if (glob(pat, 0, NULL, &g))
			continue;
		snprintf(buf, len, "%.*s", (int)(strrchr(g.gl_pathv[0], '/') -
						 g.gl_pathv[0]), g.gl_pathv[0]);
		globfree(&g);
		return 0;
	}
	warnx("--library-path %s: no " EL_RUNTIME_SONAME_MAJOR " in it, nor "
	      "in its lib64, lib or lib/<multiarch>",
	      tl_escape(dir, shown, sizeof(shown)));
	return -1;
}

static int run(const struct ctl_opts *given)
{
	struct program p = { .elf.fd = -1 };
	struct ctl_opts o = *given;
	char libdir[PATH_MAX] = "", found[PATH_MAX];
	int rc;

	if (o.lib == CTL_LIB_OWN && own_libdir(libdir, sizeof(libdir)))
		return EXIT_HUGECTL;
	if (o.lib == CTL_LIB_DIR) {
		if (library_dir(o.libdir, found, sizeof(found)))
			return EXIT_HUGECTL;
		o.libdir = found;
	}
	rc = o.argv ? read_program(&p, o.argv[0], o.action == CTL_DRY_RUN) : 0;
	if (!rc)
		rc = launch(&o, &p, libdir);
	el_close(&p.elf);
	return rc;
}

int main(int argc, char **argv)
{
	struct ctl_opts o;
	char err[CTL_NOTE_LEN], shown[TL_ESCAPED_LEN(sizeof(err))];

	if (ctl_parse(&o, argc, argv, env_verbose(), err, sizeof(err))) {
		warnx("%s", tl_escape(err, shown, sizeof(shown)));
		tl_cli_hint(ctl_usage);
		return EXIT_HUGECTL;
	}
	if (o.action == CTL_HELP) {
		ctl_usage(stdout);
		return 0;
	}
	if (o.action == CTL_VERSION)
		return printf("%s (hugelink) %s\n",
			      program_invocation_short_name, HL_VERSION) < 0 ||
		       fflush(stdout) ? EXIT_HUGECTL : 0;
	if (o.action == CTL_SHARE_LIST)
		return ctl_share_list(stdout) ? EXIT_HUGECTL : 0;
	if (o.action == CTL_PRIME)
		return prime(o.argv);
	if (o.action == CTL_SHARE_CLEAN)
		return ctl_share_clean(stdout, o.clean_all) ? EXIT_HUGECTL : 0;
	return run(&o);
}

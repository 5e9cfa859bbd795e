/* SPDX-License-Identifier: MIT */
/*
 * hugelink-inspect: say what the hugelink runtime would do with a
 * program under the current environment, segment by segment, and with
 * each of its shared libraries, and whether this machine can serve it
 * right now; or, with --pid, what
 * backs each segment of a running process now; or, with --perf-map,
 * write the map perf needs to name the functions of a running process's
 * moved text.
 *
 * Exit status: 0 when the report is printed; 1 when the file is refused
 * (not ELF, truncated, malformed) or cannot be read, or the process does
 * not exist or may not be read; 2 for a usage error.
 */
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/version.h"
#include "machine/env.h"
#include "tools/common/cli.h"
#include "tools/common/escape.h"
#include "tools/inspect/model.h"
#include "tools/inspect/perfmap.h"
#include "tools/inspect/print.h"

struct args {
	struct tl_cli_operands program;
	bool json;
	const char *pid;	/* --pid or --perf-map, as given */
	int npid;		/* how many of them were given */
	bool perf_map;		/* --perf-map */
};

static void usage(FILE *out)
{
	const char *me = program_invocation_short_name;

	fprintf(out, "usage: %s [--json] program\n"
		"       %s [--json] --pid PID\n"
		"       %s --perf-map PID\n"
		"       %s -h | --help | --version\n", me, me, me, me);
	fputs("Say what the hugelink runtime would do with PROGRAM under the\n"
	      "current environment (HUGETLB_*), and whether the huge-page "
	      "pool\n"
	      "and mounts can serve it now.  With --pid, say what backs each\n"
	      "loadable segment of the running process PID now: hugetlb "
	      "pages,\n"
	      "transparent huge pages (thp), the program file's page cache "
	      "on\n"
	      "2 MiB pages, or base pages, part by part.  With\n"
	      "--perf-map, write /tmp/perf-PID.map, naming the functions of "
	      "the\n"
	      "text PID's runtime moved, for perf attached to it (record -p).\n"
	      "\n"
	      "  --json          print the report as JSON\n"
	      "  --pid PID       look at the running process PID "
	      "(its owner or root)\n"
	      "  --perf-map PID  write the perf map of the running process "
	      "PID\n"
	      "  -h, --help      print this help and exit\n"
	      "  --version       print hugelink's version and exit\n"
	      "\n"
	      "exit status: 0 report printed (or map written); 1 the file was\n"
	      "refused or could not be read, or the process does not exist or\n"
	      "may not be read, or its map could not be written; 2 usage "
	      "error.\n",
	      out);
}

static void add(int val, void *ctx)
{
	struct args *a = ctx;

	if (val == 'j')
		a->json = true;
	else if (val == 'p' || val == 'm') {
		a->perf_map |= val == 'm';
		a->pid = optarg;
		a->npid++;
	}
}

/* A process ID: decimal digits only, from 1 to INT_MAX; OPT for messages. */
static int parse_pid(const char *opt, const char *s, pid_t *pid)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		goto bad;
	v = strtol(s, &end, 10);
	if (*end || v < 1 || v > INT_MAX)
		goto bad;
	*pid = (pid_t)v;
	return 0;
bad:
	warnx("%s: \"%s\" is not a process ID", opt, s);
	return -1;
}

static int parse(int argc, char **argv, struct args *a, pid_t *pid)
{
	static const struct option lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "pid", required_argument, NULL, 'p' },
		{ "perf-map", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, TL_CLI_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int rc;

	memset(a, 0, sizeof(*a));
	rc = tl_cli_options(argc, argv, NULL, lo, add, a, &a->program);
	if (rc)
		return rc;
	if (!a->pid)
		return tl_cli_operand(&a->program, "program");
	if (a->program.n) {
		warnx("%s looks at a running process: no program is named "
		      "with it", a->perf_map ? "--perf-map" : "--pid");
		return -1;
	}
	if (a->perf_map && (a->npid > 1 || a->json)) {
		warnx("--perf-map writes a file for one process: no --pid, "
		      "--json or second process goes with it");
		return -1;
	}
	return parse_pid(a->perf_map ? "--perf-map" : "--pid", a->pid, pid);
}

/* This machine, as the inspector itself was built for it. */
static int read_host(struct inspect_host *host)
{
	struct el_file self;
	int rc = el_open(&self, "/proc/self/exe");

	host->cls = self.eh.cls;
	host->machine = self.machine;
	el_close(&self);
	return rc;
}

static int inspect(const char *path, bool json)
{
	struct inspect_report *r = calloc(1, sizeof(*r));
	char shown[TL_ESCAPED_LEN(PATH_MAX)];
	struct inspect_host host;
	struct el_file f = { .fd = -1 };
	int rc = -1;

	/* Messages name the file escaped; the report names it as it is,
	 * and each printer escapes it its own way. */
	tl_escape(path, shown, sizeof(shown));
	if (!r) {
		warn("%s", shown);
		return -1;
	}
	if (!read_host(&host) && !el_open_as(&f, path, shown) &&
	    !inspect_gather(r, &f, &host, mach_env_get, NULL,
			    MACH_SYSFS_HUGEPAGES) &&
	    !inspect_libs_gather(&r->libs, r, path, mach_env_get, NULL)) {
		r->path = path;
		if (json)
			inspect_print_json(stdout, r);
		else
			inspect_print_text(stdout, r);
		rc = 0;
	}
	inspect_libs_free(&r->libs);
	el_close(&f);
	free(r);
	return rc;
}

static int inspect_pid(pid_t pid, bool json)
{
	struct inspect_live lv;
	int rc = inspect_live_gather(&lv, pid);

	if (!rc) {
		if (json)
			inspect_print_live_json(stdout, &lv);
		else
			inspect_print_live_text(stdout, &lv);
	}
	inspect_live_free(&lv);
	return rc;
}

int main(int argc, char **argv)
{
	struct args a;
	pid_t pid = 0;
	int rc = parse(argc, argv, &a, &pid);

	if (rc)
		return tl_cli_stop(rc, usage, HL_VERSION);
	if (a.perf_map)
		return tl_cli_finish(inspect_perf_map(pid));
	if (a.pid)
		return tl_cli_finish(inspect_pid(pid, a.json));
	return tl_cli_finish(inspect(a.program.first, a.json));
}

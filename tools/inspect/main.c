/*
 * hugelink-inspect: say what the hugelink runtime would do with a
 * program under the current environment, segment by segment, and
 * whether this machine can serve it right now.
 *
 * Exit status: 0 when the report is printed; 1 when the file is refused
 * (not ELF, truncated, malformed) or cannot be read; 2 for a usage error.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/version.h"
#include "host/env.h"
#include "tools/common/cli.h"
#include "tools/inspect/model.h"
#include "tools/inspect/print.h"

static void usage(FILE *out)
{
	fputs("usage: hugelink-inspect [--json] program\n"
	      "Say what the hugelink runtime would do with PROGRAM under the\n"
	      "current environment (HUGETLB_*), and whether the huge-page pool\n"
	      "and mounts can serve it now.\n"
	      "\n"
	      "  --json      print the report as JSON\n"
	      "  -h, --help  print this help and exit\n"
	      "  --version   print hugelink's version and exit\n"
	      "\n"
	      "exit status: 0 report printed; 1 the file was refused or could\n"
	      "not be read; 2 usage error.\n", out);
}

static void add_json(int val, void *ctx)
{
	(void)val;
	*(bool *)ctx = true;
}

static int parse(int argc, char **argv, bool *json)
{
	static const struct option lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, TL_CLI_VERSION },
		{ NULL, 0, NULL, 0 },
	};

	*json = false;
	return tl_cli_parse(argc, argv, lo, add_json, json, "program");
}

/* This machine, as the inspector itself was built for it. */
static int read_host(struct in_host *host)
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
	struct in_report *r = malloc(sizeof(*r));
	struct in_host host;
	struct el_file f = { .fd = -1 };
	int rc = -1;

	if (!r) {
		warn("%s", path);
		return -1;
	}
	if (!read_host(&host) && !el_open(&f, path) &&
	    !in_gather(r, &f, &host, host_env_get, NULL, HOST_SYSFS_HUGEPAGES)) {
		if (json)
			in_print_json(stdout, r);
		else
			in_print_text(stdout, r);
		rc = 0;
	}
	el_close(&f);
	free(r);
	return rc;
}

int main(int argc, char **argv)
{
	bool json;
	int rc = parse(argc, argv, &json);

	if (rc)
		return tl_cli_stop(rc, usage, "hugelink-inspect", HL_VERSION);
	return tl_cli_finish(inspect(argv[optind], json));
}

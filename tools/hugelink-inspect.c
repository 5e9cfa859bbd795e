/*
 * hugelink-inspect: say what the hugelink runtime would do with a
 * program under the current environment, segment by segment, and
 * whether this machine can serve it right now.
 *
 * Exit status: 0 when the report is printed; 1 when the file is refused
 * (not ELF, truncated, malformed) or cannot be read; 2 for a usage error.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/inspect-model.h"
#include "tools/inspect-print.h"

enum { EXIT_REFUSED = 1, EXIT_USAGE = 2 };

static void usage(FILE *out)
{
	fputs("usage: hugelink-inspect [--json] program\n"
	      "Say what the hugelink runtime would do with PROGRAM under the\n"
	      "current environment (HUGETLB_*), and whether the huge-page pool\n"
	      "and mounts can serve it now.\n"
	      "\n"
	      "  --json      print the report as JSON\n"
	      "  -h, --help  print this help and exit\n"
	      "\n"
	      "exit status: 0 report printed; 1 the file was refused or could\n"
	      "not be read; 2 usage error.\n", out);
}

/* Returns 0, 1 for --help, or -1 for a usage error. */
static int parse(int argc, char **argv, bool *json)
{
	static const struct option lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*json = false;
	while ((c = getopt_long(argc, argv, "+h", lo, NULL)) != -1) {
		if (c == 'h')
			return 1;
		if (c == '?')
			return -1;
		*json = true;
	}
	if (argc - optind != 1) {
		warnx(argc == optind ? "no program named" : "one program at a time");
		return -1;
	}
	return 0;
}

static const char *get_env(const char *name, void *ctx)
{
	(void)ctx;
	return getenv(name);
}

/* This machine, as the inspector itself was built for it. */
static int read_host(struct in_host *host)
{
	struct tl_elf self;
	int rc = tl_elf_open(&self, "/proc/self/exe");

	host->cls = self.eh.cls;
	host->machine = self.machine;
	tl_elf_close(&self);
	return rc;
}

static int inspect(const char *path, bool json)
{
	struct in_report *r = malloc(sizeof(*r));
	struct in_host host;
	struct tl_elf f = { .fd = -1 };
	int rc = -1;

	if (!r) {
		warn("%s", path);
		return -1;
	}
	if (!read_host(&host) && !tl_elf_open(&f, path) &&
	    !in_gather(r, &f, &host, get_env, NULL, TL_SYSFS_HUGEPAGES)) {
		if (json)
			in_print_json(stdout, r);
		else
			in_print_text(stdout, r);
		rc = 0;
	}
	tl_elf_close(&f);
	free(r);
	return rc;
}

int main(int argc, char **argv)
{
	bool json;
	int rc = parse(argc, argv, &json);

	if (rc) {
		if (rc > 0)
			usage(stdout);
		else
			fprintf(stderr, "Try 'hugelink-inspect --help'.\n");
		return rc > 0 ? 0 : EXIT_USAGE;
	}
	rc = inspect(argv[optind], json);
	if (fflush(stdout)) {
		warn("stdout");
		return EXIT_REFUSED;
	}
	return rc ? EXIT_REFUSED : 0;
}

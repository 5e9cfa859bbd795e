/* SPDX-License-Identifier: MIT */
/*
 * The one-file tools' command line and exit statuses.
 */
#include <err.h>

#include "tools/common/cli.h"

int tl_cli_options(int argc, char **argv, const struct option *lo,
		   tl_cli_add_fn *add, void *ctx)
{
	int c, shown = 0;

	while ((c = getopt_long(argc, argv, "+h", lo, NULL)) != -1) {
		if (c == 'h')
			return TL_CLI_HELP;
		if (c == '?')
			return -1;
		if (c == TL_CLI_VERSION)
			shown = TL_CLI_SHOW_VERSION;
		else
			add(c, ctx);
	}
	return shown;
}

int tl_cli_operand(int argc, const char *what)
{
	if (argc - optind != 1) {
		warnx(argc == optind ? "no %s named" : "one %s at a time", what);
		return -1;
	}
	return 0;
}

int tl_cli_parse(int argc, char **argv, const struct option *lo,
		 tl_cli_add_fn *add, void *ctx, const char *what)
{
	int rc = tl_cli_options(argc, argv, lo, add, ctx);

	return rc ? rc : tl_cli_operand(argc, what);
}

int tl_cli_stop(int rc, void (*usage)(FILE *out), const char *prog,
		const char *version)
{
	if (rc == TL_CLI_HELP) {
		usage(stdout);
		return 0;
	}
	if (rc == TL_CLI_SHOW_VERSION) {
		printf("%s (hugelink) %s\n", prog, version);
		return tl_cli_finish(0);
	}
	fprintf(stderr, "Try '%s --help'.\n", prog);
	return TL_EXIT_USAGE;
}

int tl_cli_finish(int rc)
{
	if (fflush(stdout)) {
		warn("stdout");
		return TL_EXIT_REFUSED;
	}
	return rc ? TL_EXIT_REFUSED : 0;
}

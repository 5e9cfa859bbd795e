/* SPDX-License-Identifier: MIT */
/*
 * The one-file tools' command line and exit statuses.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "tools/common/cli.h"

int tl_cli_bad_option(int c, char **argv)
{
	const char *arg = argv[optind - 1];

	if (c == ':')
		warnx("%s: needs an argument", arg);
	else if (optopt && strncmp(arg, "--", 2))
		warnx("-%c: unknown option", optopt);
	else if (strchr(arg, '=') && !strncmp(arg, "--", 2))
		warnx("%.*s: takes no argument", (int)strcspn(arg, "="), arg);
	else
		warnx("%s: unknown option", arg);
	return -1;
}

int tl_cli_options(int argc, char **argv, const char *shorts,
		   const struct option *lo, tl_cli_add_fn *add, void *ctx)
{
	char opts[64];
	int c, shown = 0;

	snprintf(opts, sizeof(opts), "+:h%s", shorts ? shorts : "");
	opterr = 0;	/* the messages are ours, without argv[0]'s path */
	while ((c = getopt_long(argc, argv, opts, lo, NULL)) != -1) {
		if (c == 'h')
			return TL_CLI_HELP;
		if (c == '?' || c == ':')
			return tl_cli_bad_option(c, argv);
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
		warnx(argc == optind ? "no %s named" : "one %s at a time",
		      what);
		return -1;
	}
	return 0;
}

int tl_cli_parse(int argc, char **argv, const struct option *lo,
		 tl_cli_add_fn *add, void *ctx, const char *what)
{
	int rc = tl_cli_options(argc, argv, NULL, lo, add, ctx);

	return rc ? rc : tl_cli_operand(argc, what);
}

void tl_cli_hint(void (*usage)(FILE *out))
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (m) {
		usage(m);
		if (!fclose(m) && text)
			fprintf(stderr, "%.*s\n", (int)strcspn(text, "\n"),
				text);
		free(text);
	}
	fprintf(stderr, "Try '%s --help'.\n", program_invocation_short_name);
}

int tl_cli_stop(int rc, void (*usage)(FILE *out), const char *version)
{
	if (rc == TL_CLI_HELP) {
		usage(stdout);
		return 0;
	}
	if (rc == TL_CLI_SHOW_VERSION) {
		printf("%s (hugelink) %s\n", program_invocation_short_name,
		       version);
		return tl_cli_finish(0);
	}
	tl_cli_hint(usage);
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

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

static void add_operand(struct tl_cli_operands *ops, const char *arg)
{
	if (!ops->n++)
		ops->first = arg;
}

/* getopt_long's optstring "-" returns each operand in place, as the
 * value 1 with the operand in optarg, and stops at "--": every option
 * is read wherever it stands, and no environment changes that.  A long
 * option whose value is 1 is told from an operand by its index. */
int tl_cli_options(int argc, char **argv, const char *shorts,
		   const struct option *lo, tl_cli_add_fn *add, void *ctx,
		   struct tl_cli_operands *ops)
{
	char opts[64];
	int c, shown = 0, index = -1;

	*ops = (struct tl_cli_operands){ NULL, 0 };
	snprintf(opts, sizeof(opts), "-:h%s", shorts ? shorts : "");
	opterr = 0;	/* the messages are ours, without argv[0]'s path */
	while ((c = getopt_long(argc, argv, opts, lo, &index)) != -1) {
		if (c == 1 && index < 0)
			add_operand(ops, optarg);
		else if (c == 'h')
			return TL_CLI_HELP;
		else if (c == '?' || c == ':')
			return tl_cli_bad_option(c, argv);
		else if (c == TL_CLI_VERSION)
			shown = TL_CLI_SHOW_VERSION;
		else
			add(c, ctx);
		index = -1;
	}
	for (; optind < argc; optind++)	/* those after "--" */
		add_operand(ops, argv[optind]);
	return shown;
}

int tl_cli_operand(const struct tl_cli_operands *ops, const char *what)
{
	if (ops->n != 1) {
		warnx(ops->n ? "one %s at a time" : "no %s named", what);
		return -1;
	}
	return 0;
}

int tl_cli_parse(int argc, char **argv, const struct option *lo,
		 tl_cli_add_fn *add, void *ctx, const char *what,
		 struct tl_cli_operands *ops)
{
	int rc = tl_cli_options(argc, argv, NULL, lo, add, ctx, ops);

	return rc ? rc : tl_cli_operand(ops, what);
}

/* The length of TEXT's synopsis, its last newline left out: the first
 * line and the lines after it that start with a space. */
static int synopsis_len(const char *text)
{
	size_t end = strcspn(text, "\n");

	while (text[end] == '\n' && text[end + 1] == ' ')
		end += 1 + strcspn(text + end + 1, "\n");
	return (int)end;
}

void tl_cli_hint(void (*usage)(FILE *out))
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (m) {
		usage(m);
		if (!fclose(m) && text)
			fprintf(stderr, "%.*s\n", synopsis_len(text), text);
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

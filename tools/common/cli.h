/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_COMMON_CLI_H
#define TOOLS_COMMON_CLI_H
/*
 * The command line of the one-file tools, hugeedit, hugelink-inspect and
 * hugelink-profile: options, exactly one operand, and the same exit
 * statuses: 0 done, 1 the file was refused, 2 a usage error.
 *
 * Options may stand anywhere among the operands, as GNU getopt permutes
 * them, whatever POSIXLY_CORRECT says, and "--" ends them: every
 * argument after it is an operand, even one that starts with '-'.
 * ARGV is not reordered.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>

enum { TL_EXIT_REFUSED = 1, TL_EXIT_USAGE = 2 };

/* The value of --version in a tool's option table. */
#define TL_CLI_VERSION 'V'

/* What tl_cli_parse returns besides 0 and -1. */
enum { TL_CLI_HELP = 1, TL_CLI_SHOW_VERSION = 2 };

typedef void tl_cli_add_fn(int val, void *ctx);

/* The operands of a command line, in the order given. */
struct tl_cli_operands {
	const char *first;	/* NULL when there is none */
	int n;
};

/*
 * Read the options in LO (each a flag: no_argument), handing every value
 * but 'h' and TL_CLI_VERSION to ADD, then require one operand, which
 * WHAT names in messages ("file").  Returns 0, TL_CLI_HELP for --help,
 * TL_CLI_SHOW_VERSION for --version (--help wins), or -1 after a message
 * for a usage error; the operand is then OPS->first.
 */
int tl_cli_parse(int argc, char **argv, const struct option *lo,
		 tl_cli_add_fn *add, void *ctx, const char *what,
		 struct tl_cli_operands *ops);

/*
 * For a tool that runs getopt_long itself, with opterr = 0 and an
 * optstring that starts "+:" or "-:": the message for what getopt returned, '?'
 * or ':', about ARGV[optind - 1] ("--bogus: unknown option", "--pid:
 * needs an argument", ...).  Returns -1.
 */
int tl_cli_bad_option(int c, char **argv);

/*
 * The two halves of tl_cli_parse, for a tool whose operands depend on
 * its options.  tl_cli_options reads the options in LO, which may take
 * arguments (ADD then reads optarg), and the short options in SHORTS,
 * in getopt's syntax ("o:x:"; NULL for none but -h), collects the
 * operands in OPS, and returns 0, TL_CLI_HELP, TL_CLI_SHOW_VERSION, or
 * -1 for a usage error; tl_cli_operand then requires exactly one operand
 * in OPS, and returns 0 or -1 after a message.
 */
int tl_cli_options(int argc, char **argv, const char *shorts,
		   const struct option *lo, tl_cli_add_fn *add, void *ctx,
		   struct tl_cli_operands *ops);
int tl_cli_operand(const struct tl_cli_operands *ops, const char *what);

/*
 * The exit status for a parse result RC that is not 0: the usage (to
 * stdout) and 0 for --help, "NAME (hugelink) VERSION" and 0 for
 * --version, the usage's synopsis, a hint and TL_EXIT_USAGE for an
 * error.  NAME is the name the tool runs as, without its directory.
 */
int tl_cli_stop(int rc, void (*usage)(FILE *out), const char *version);

/*
 * After a usage error's message: the synopsis of USAGE's text (its first
 * line, "usage: ...", and the lines after it that start with a space)
 * and "Try 'NAME --help'.", to stderr.  Every tool words its usage errors
 * as "NAME: ARG: unknown option" (or "needs an argument", ...), then
 * this.
 */
void tl_cli_hint(void (*usage)(FILE *out));

/* The exit status once the work returned RC (0 or -1), stdout flushed. */
int tl_cli_finish(int rc);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Response files.  The reader follows libiberty, so that an argument
 * means to us what it means to GNU ld; the writer quotes every argument,
 * the one form all four linkers agree on.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linker/rsp.h"
#include "machine/readall.h"

/* libiberty gives up after this many @files, which ends nesting loops. */
#define RSP_LIMIT 2000

/* libiberty's ISSPACE: the C locale's white space. */
static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	       c == '\f' || c == '\r';
}

static const char *skip_space(const char *s)
{
	while (is_space(*s))
		s++;
	return s;
}

/* Copy one argument from *IN into BUF, unquoting; advance *IN past it. */
static void take_word(const char **in, char *buf)
{
	const char *s = *in;
	char quote = 0;

	for (; *s && (quote || !is_space(*s)); s++) {
		if (*s == '\\' && s[1])
			*buf++ = *++s;
		else if (*s == '\\')
			;
		else if (quote && *s == quote)
			quote = 0;
		else if (!quote && (*s == '\'' || *s == '"'))
			quote = *s;
		else
			*buf++ = *s;
	}
	*buf = '\0';
	*in = s;
}

int lw_rsp_split(const char *text, struct lw_argv *out)
{
	const char *s = skip_space(text);
	char *buf;
	int rc = 0;

	if (!*s)
		return 0;
	buf = malloc(strlen(s) + 1);
	if (!buf)
		return -1;
	while (*s && rc == 0) {
		take_word(&s, buf);
		rc = lw_argv_push(out, buf);
		s = skip_space(s);
	}
	free(buf);
	return rc;
}

/*
 * Read the whole of PATH into a NUL-terminated buffer, taking its size
 * from *LEFT, the bytes still allowed.  Only a regular file is read: a
 * FIFO would be drained before the real linker could read it, and
 * /dev/zero never ends; they stay literal arguments, as a file that
 * cannot be read does.  Returns 1 with *TEXT set, 0 for a literal
 * argument, LW_RSP_TOO_BIG beyond the limit (without a message), -1 on a
 * directory or when memory runs out.
 */
static int slurp(const char *path, char **text, size_t *left)
{
	struct stat st;
	size_t got = 0;
	int fd, e;

	if (stat(path, &st) < 0)
		return 0;
	if (S_ISDIR(st.st_mode)) {
		warnx("@%s: @-file refers to a directory", path);
		return -1;
	}
	if (!S_ISREG(st.st_mode))
		return 0;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	errno = 0;
	*text = fstat(fd, &st) || !S_ISREG(st.st_mode) ? NULL :
		mach_read_fd(fd, *left, &got);
	e = errno;
	close(fd);
	if (!*text && e == EFBIG)
		return LW_RSP_TOO_BIG;
	if (!*text && e == ENOMEM) {
		warnx("@%s: %s", path, strerror(e));
		return -1;
	}
	*left -= got;
	return *text != NULL;
}

/* Replace A->v[I] by the arguments in the file it names. */
static int put_in_place(struct lw_argv *a, size_t i, const char *text)
{
	struct lw_argv words = { 0 };
	int rc;

	rc = lw_rsp_split(text, &words);
	if (rc == 0)
		rc = lw_argv_insert(a, i + 1, words.v, words.n);
	if (rc == 0)
		lw_argv_remove(a, i);
	lw_argv_free(&words);
	return rc;
}

int lw_rsp_expand_upto(struct lw_argv *a, size_t first, size_t *stop)
{
	size_t left = LW_RSP_MAX_BYTES;
	unsigned limit = RSP_LIMIT;
	size_t i = first;

	while (i < a->n) {
		char *text = NULL;
		int rc;

		if (a->v[i][0] != '@') {
			i++;
			continue;
		}
		if (--limit == 0) {
			warnx("too many @-files encountered");
			return -1;
		}
		rc = slurp(a->v[i] + 1, &text, &left);
		if (rc == LW_RSP_TOO_BIG)
			*stop = i;
		if (rc < 0 || rc == LW_RSP_TOO_BIG)
			return rc;
		if (rc == 0) {
			i++;
			continue;
		}
		/* The file's arguments are scanned again from I: they may
		 * name response files themselves. */
		rc = put_in_place(a, i, text);
		free(text);
		if (rc < 0)
			return -1;
	}
	return 0;
}

void lw_rsp_too_big(const char *arg)
{
	warnx("%s: response files hold more than %u MiB in all", arg,
	      LW_RSP_MAX_BYTES >> 20);
}

int lw_rsp_expand(struct lw_argv *a, size_t first)
{
	size_t stop;
	int rc = lw_rsp_expand_upto(a, first, &stop);

	if (rc == LW_RSP_TOO_BIG)
		lw_rsp_too_big(a->v[stop]);
	return rc == 0 ? 0 : -1;
}

int lw_rsp_write(FILE *f, char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		putc('"', f);
		for (const char *s = v[i]; *s; s++) {
			if (*s == '"' || *s == '\\')
				putc('\\', f);
			putc(*s, f);
		}
		putc('"', f);
		putc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}

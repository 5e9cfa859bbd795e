/* SPDX-License-Identifier: MIT */
#include <err.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/file.h"
#include "elf/funcs.h"
#include "elf/hotnote.h"
#include "linker/hotrange.h"

struct range {
	const char **names;	/* sorted */
	size_t n;
	uint64_t start, end;
	bool found;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int widen(void *ctx, const char *name, uint64_t value, uint64_t size)
{
	struct range *r = ctx;

	if (!bsearch(&name, r->names, r->n, sizeof(*r->names), cmp_str))
		return 0;
	if (!r->found || value < r->start)
		r->start = value;
	if (!r->found || value + size > r->end)
		r->end = value + size;
	r->found = true;
	return 0;
}

static int write_range(const char *output, int fd, off_t at,
		       const struct range *r)
{
	uint64_t v[2] = { r->start, r->end - r->start };

	if (pwrite(fd, v, sizeof(v), at) != (ssize_t)sizeof(v)) {
		warn("%s: writing the hot text's range", output);
		return -1;
	}
	return 0;
}

int lw_hotrange_find(struct el_file *f, const struct lw_argv *names,
		     uint64_t *start, uint64_t *end)
{
	struct range r = { .n = names->n };
	int rc = -1;

	r.names = malloc((names->n ? names->n : 1) * sizeof(*r.names));
	if (!r.names) {
		warn("%s", f->name);
		return -1;
	}
	memcpy(r.names, names->v, names->n * sizeof(*r.names));
	qsort(r.names, r.n, sizeof(*r.names), cmp_str);
	if (el_funcs_each(f, widen, &r) == 0) {
		*start = r.start;
		*end = r.end;
		rc = r.found;
	}
	free(r.names);
	return rc;
}

int lw_hotrange_write(const struct lw_output *o, const struct lw_argv *names)
{
	const char *output = o->path;
	struct range r = { 0 };
	struct el_file f = { 0 };
	off_t at;
	int fd = lw_output_open(o, 1), found, rc = -1;

	if (fd < 0)
		return -1;
	if (el_open_fd(&f, output, fd) < 0)
		goto out;
	found = lw_hotrange_find(&f, names, &r.start, &r.end);
	if (found < 0)
		goto out;
	at = el_hot_note(&f, &(uint64_t){ 0 }, &(uint64_t){ 0 });
	if (at < 0) {
		warnx("%s: no hot text note (was %s linked in?)", output,
		      "hugelink-hot.o");
		goto out;
	}
	if (!found) {
		warnx("%s: no ordered function in the symbol table; the hot "
		      "text's range stays empty", output);
		rc = 0;
		goto out;
	}
	rc = write_range(output, fd, at, &r);
out:
	el_close(&f);
	if (close(fd) < 0 && rc == 0) {
		warn("%s", output);
		rc = -1;
	}
	return rc;
}

/* SPDX-License-Identifier: MIT */
/*
 * hugelink-profile: turn a perf profile of a program into a function
 * order for `-Wl,--hugetlbfs-order`: the hot functions, clustered by
 * call-chain affinity (C3, tools/profile/c3.h), densest first.
 *
 * Exit status: 0 order written; 1 the profile, the program or the
 * order file could not be read or written, or the profile holds no
 * sample of the program; 2 usage error.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/version.h"
#include "elf/file.h"
#include "elf/funcs.h"
#include "tools/common/cli.h"
#include "tools/profile/c3.h"
#include "tools/profile/input.h"
#include "tools/profile/profile.h"

/* Clusters grow to one base page: a caller and its callees share it. */
#define CLUSTER_LIMIT 4096u
/* The coverage report's step: a 2 MiB huge page. */
#define REPORT_STEP (2u << 20)

struct args {
	struct tl_cli_operands profile;
	const char *out;	/* -o */
	const char *program;	/* -x, else the most sampled object */
};

struct job {
	struct args a;
	struct pf_profile p;
	uint32_t dso;		/* the program's object in the profile */
	const char *path;	/* the program's file */
	struct pf_names syms;	/* the program's functions, by name */
	uint64_t *size;		/* their sizes */
	size_t nsize;
	uint32_t *func;		/* c3 index -> profile function */
	struct pf_c3_func *c3;
	size_t nc3;
	uint64_t unsized;	/* the program's samples in no known function */
};

static void usage(FILE *out)
{
	fputs("usage: hugelink-profile -o ORDER [-x PROGRAM] PERF_DATA\n"
	      "       perf script | hugelink-profile -o ORDER [-x PROGRAM] -\n"
	      "       hugelink-profile -h | --help | --version\n"
	      "Write ORDER, the hot functions of PROGRAM one name a line,\n"
	      "clustered by call-chain affinity and densest first, from a "
	      "perf\n"
	      "profile: a perf.data file (read through perf script) or perf\n"
	      "script's output.  Say what share of PROGRAM's samples the "
	      "first\n"
	      "2 MiB, 4 MiB, ... of the order hold.  Link with\n"
	      "-Wl,--hugetlbfs-order=ORDER to lay them first.\n"
	      "\n"
	      "  -o ORDER        the order file to write\n"
	      "  -x PROGRAM      the profiled program (default: the object "
	      "with\n"
	      "                  the most samples); its symbol table gives "
	      "the\n"
	      "                  functions' sizes\n"
	      "  -h, --help      print this help and exit\n"
	      "  --version       print hugelink's version and exit\n"
	      "\n"
	      "exit status: 0 order written; 1 the profile or the program "
	      "could\n"
	      "not be read, holds no sample of the program, or the order "
	      "could\n"
	      "not be written; 2 usage error.\n", out);
}

static void add_arg(int c, void *ctx)
{
	struct args *a = ctx;

	if (c == 'o')
		a->out = optarg;
	else if (c == 'x')
		a->program = optarg;
}

static int parse_args(int argc, char **argv, struct args *a)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, TL_CLI_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int rc = tl_cli_options(argc, argv, "o:x:", lo, add_arg, a,
				&a->profile);

	if (rc)
		return rc;
	if (!a->out) {
		warnx("no order file named (-o ORDER)");
		return -1;
	}
	return tl_cli_operand(&a->profile, "profile");
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* The object that is the program: the one named by -x (by its last
 * path component, as perf may name it by another path), else the one
 * most sampled among files ("[kernel.kallsyms]" is none). */
static int pick_program(struct job *j)
{
	const struct pf_names *d = &j->p.dsos;
	uint64_t best = 0;

	j->dso = PF_NO_NAME;
	for (size_t i = 0; i < d->n; i++) {
		const char *name = d->name[i];

		if (j->a.program ? !strcmp(base_name(name),
					   base_name(j->a.program)) :
				   name[0] == '/' &&
				   j->p.dso_samples[i] > best) {
			if (j->dso == PF_NO_NAME ||
			    j->p.dso_samples[i] > best) {
				j->dso = (uint32_t)i;
				best = j->p.dso_samples[i];
			}
		}
	}
	j->path = j->a.program ? j->a.program :
		  j->dso != PF_NO_NAME ? d->name[j->dso] : NULL;
	if (j->dso == PF_NO_NAME || best == 0) {
		warnx("the profile holds no sample of %s",
		      j->path ? j->path : "any program file");
		return -1;
	}
	return 0;
}

static int add_size(void *ctx, const char *name, uint64_t value, uint64_t size)
{
	struct job *j = ctx;
	size_t before = j->syms.n;
	uint32_t i = pf_names_intern(&j->syms, 0, name, strlen(name));

	(void)value;
	if (i == PF_NO_NAME)
		return -1;
	if (j->syms.n == before)
		return 0;	/* the first of two functions of one name */
	if (j->nsize <= i) {
		size_t n = j->syms.cap;
		uint64_t *s = realloc(j->size, n * sizeof(*s));

		if (!s)
			return -1;
		j->size = s;
		j->nsize = n;
	}
	j->size[i] = size;
	return 0;
}

static int read_sizes(struct job *j)
{
	struct el_file f = { 0 };
	int rc;

	rc = el_open(&f, j->path);
	if (rc == 0 && (rc = el_funcs_each(&f, add_size, j)) > 0)
		warnx("out of memory");
	el_close(&f);
	return rc ? -1 : 0;
}

/* The program's functions that the symbol table sizes, and the edges
 * between them, as C3 takes them. */
static int collect(struct job *j)
{
	const struct pf_names *fn = &j->p.funcs;
	uint32_t *index = malloc((fn->n ? fn->n : 1) * sizeof(*index));

	j->func = malloc((fn->n ? fn->n : 1) * sizeof(*j->func));
	j->c3 = malloc((fn->n ? fn->n : 1) * sizeof(*j->c3));
	if (!index || !j->func || !j->c3) {
		free(index);
		return -1;
	}
	for (size_t i = 0; i < fn->n; i++) {
		uint32_t s = fn->key[i] == j->dso ?
			     pf_names_find(&j->syms, 0, fn->name[i]) :
			     PF_NO_NAME;

		index[i] = PF_NO_NAME;
		if (s == PF_NO_NAME) {
			if (fn->key[i] == j->dso)
				j->unsized += j->p.samples[i];
			continue;
		}
		index[i] = (uint32_t)j->nc3;
		j->func[j->nc3] = (uint32_t)i;
		j->c3[j->nc3++] = (struct pf_c3_func){ j->size[s],
						       j->p.samples[i] };
	}
	/* The edges in place: both ends renumbered, or dropped. */
	{
		size_t n = 0;

		for (size_t k = 0; k < j->p.nedge; k++) {
			struct pf_c3_edge e = j->p.edge[k];

			if (index[e.caller] == PF_NO_NAME ||
			    index[e.callee] == PF_NO_NAME)
				continue;
			e.caller = index[e.caller];
			e.callee = index[e.callee];
			j->p.edge[n++] = e;
		}
		j->p.nedge = n;
	}
	free(index);
	return 0;
}

/* Whether ST is owned by the caller or by root. */
static bool owned_by_us(const struct stat *st)
{
	return st->st_uid == geteuid() || st->st_uid == 0;
}

/*
 * Open OUT to write, as fopen(OUT, "w") opens it, except for what
 * another user planted there: a symbolic link is followed, and a regular
 * file written, only when the caller or root owns it.  In a directory
 * others may write to (/tmp), another user's link would have the order
 * written over whatever file it names, and another user's file would
 * keep the order where that user can change it before it is linked.  A
 * FIFO with no reader is refused (ENXIO) rather than waited on.  NULL,
 * with a warning, when it cannot be opened.
 */
static FILE *open_out(const char *out)
{
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
	struct stat st;
	FILE *f;
	int fd = open(out, flags | O_NOFOLLOW, 0666);

	if (fd < 0 && errno == ELOOP && !lstat(out, &st) &&
	    S_ISLNK(st.st_mode)) {
		if (!owned_by_us(&st)) {
			warnx("%s: a symbolic link of another user's: not "
			      "followed", out);
			return NULL;
		}
		fd = open(out, flags, 0666);
	}
	if (fd < 0 || fstat(fd, &st))
		goto fail;
	if (S_ISREG(st.st_mode) && !owned_by_us(&st)) {
		warnx("%s: a file of another user's: not written", out);
		close(fd);
		return NULL;
	}
	/* O_NONBLOCK was for the open alone: F_SETFL 0 clears it. */
	if (fcntl(fd, F_SETFL, 0) ||
	    (S_ISREG(st.st_mode) && ftruncate(fd, 0)) ||
	    !(f = fdopen(fd, "w")))
		goto fail;
	return f;
fail:
	warn("%s", out);
	if (fd >= 0)
		close(fd);
	return NULL;
}

static int write_order(const struct job *j, const uint32_t *order, long n)
{
	FILE *f = open_out(j->a.out);

	if (!f)
		return -1;
	for (long k = 0; k < n; k++)
		fprintf(f, "%s\n", j->p.funcs.name[j->func[order[k]]]);
	if (ferror(f) | fclose(f)) {
		warn("%s", j->a.out);
		return -1;
	}
	return 0;
}

static double share(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* What share of the program's samples the first 2 MiB, 4 MiB, ... of
 * the order hold: a function counts once it lies wholly inside. */
static void report(const struct job *j, const uint32_t *order, long n)
{
	uint64_t prog = j->p.dso_samples[j->dso], bytes = 0, covered = 0;
	uint64_t limit = REPORT_STEP, hot = 0;
	long k = 0;

	for (long i = 0; i < n; i++)
		hot += j->c3[order[i]].size;

	printf("%llu samples, %llu in %s (%.1f%%), %llu with a call chain\n",
	       (unsigned long long)j->p.total, (unsigned long long)prog,
	       j->path, share(prog, j->p.total),
	       (unsigned long long)j->p.chains);
	printf("%ld hot functions, %llu bytes; %.1f%% of the program's "
	       "samples in no function its symbol table sizes\n", n,
	       (unsigned long long)hot, share(j->unsized, prog));
	for (;;) {
		while (k < n && bytes + j->c3[order[k]].size <= limit) {
			bytes += j->c3[order[k]].size;
			covered += j->c3[order[k]].samples;
			k++;
		}
		printf("first %llu MiB: %.1f%% of the program's samples\n",
		       (unsigned long long)(limit >> 20), share(covered, prog));
		if (k == n)
			break;
		limit += REPORT_STEP;
	}
}

static int run(struct job *j, const char *profile)
{
	struct pf_input in;
	uint32_t *order = NULL;
	long n;
	int rc = -1;

	if (pf_input_open(&in, profile) < 0)
		return -1;
	if (pf_profile_read(&j->p, in.in) < 0) {
		warn("%s", profile);
		pf_input_close(&in, profile);
		return -1;
	}
	if (pf_input_close(&in, profile) < 0 || pick_program(j) < 0 ||
	    read_sizes(j) < 0)
		return -1;
	if (collect(j) < 0 ||
	    !(order = malloc((j->nc3 ? j->nc3 : 1) * sizeof(*order))) ||
	    (n = pf_c3_order(j->c3, j->nc3, j->p.edge, j->p.nedge,
			     CLUSTER_LIMIT, order)) < 0) {
		warnx("out of memory");
		goto out;
	}
	if (write_order(j, order, n) == 0) {
		report(j, order, n);
		rc = 0;
	}
out:
	free(order);
	return rc;
}

int main(int argc, char **argv)
{
	struct job j = { 0 };
	int rc = parse_args(argc, argv, &j.a);

	if (rc)
		return tl_cli_stop(rc, usage, HL_VERSION);
	rc = run(&j, j.a.profile.first);
	pf_profile_free(&j.p);
	pf_names_free(&j.syms);
	free(j.size);
	free(j.func);
	free(j.c3);
	return tl_cli_finish(rc);
}

/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tools/profile/perfline.h"
#include "tools/profile/profile.h"

/* The sample being read: its leaf and the leaf's caller, by number. */
struct sample {
	int nframes;
	uint32_t leaf, caller;
};


/* Grow COUNTS, of *HAVE entries, to CAP, the new ones zero. */
static int fit(uint64_t **counts, size_t *have, size_t cap)
{
	uint64_t *c;

	if (*have >= cap)
		return 0;
	c = realloc(*counts, cap * sizeof(*c));
	if (!c)
		return -1;
	memset(c + *have, 0, (cap - *have) * sizeof(*c));
	*counts = c;
	*have = cap;
	return 0;
}

/* The function of frame F, by number; PF_NO_NAME when memory runs out. */
static uint32_t intern_frame(struct pf_profile *p, const struct pf_frame *f)
{
	uint32_t dso = pf_names_intern(&p->dsos, 0, f->dso ? f->dso : "",
				       f->dso_len);
	uint32_t fn;

	if (dso == PF_NO_NAME ||
	    fit(&p->dso_samples, &p->ndso_samples, p->dsos.cap) < 0)
		return PF_NO_NAME;
	fn = pf_names_intern(&p->funcs, dso, f->sym, f->sym_len);
	if (fn == PF_NO_NAME ||
	    fit(&p->samples, &p->nsamples, p->funcs.cap) < 0)
		return PF_NO_NAME;
	return fn;
}

static int add_edge(struct pf_profile *p, uint32_t caller, uint32_t callee)
{
	if (p->nedge == p->capedge) {
		size_t cap = p->capedge ? 2 * p->capedge : 1024;
		struct pf_c3_edge *e = realloc(p->edge, cap * sizeof(*e));

		if (!e)
			return -1;
		p->edge = e;
		p->capedge = cap;
	}
	p->edge[p->nedge++] = (struct pf_c3_edge){ caller, callee, 1 };
	return 0;
}

/* The sample S is complete: count it. */
static int finish(struct pf_profile *p, struct sample *s)
{
	int rc = 0;

	if (s->nframes > 0) {
		p->total++;
		p->samples[s->leaf]++;
		p->dso_samples[p->funcs.key[s->leaf]]++;
		if (s->nframes > 1) {
			p->chains++;
			rc = add_edge(p, s->caller, s->leaf);
		}
	}
	s->nframes = 0;
	return rc;
}

static int frame(struct pf_profile *p, struct sample *s,
		 const struct pf_frame *f)
{
	uint32_t fn;

	if (s->nframes >= 2) {
		s->nframes++;
		return 0;
	}
	fn = intern_frame(p, f);
	if (fn == PF_NO_NAME)
		return -1;
	if (s->nframes++ == 0)
		s->leaf = fn;
	else
		s->caller = fn;
	return 0;
}

static int line(struct pf_profile *p, struct sample *s, const char *l,
		size_t len)
{
	struct pf_frame f;

	switch (pf_parse_line(l, len, &f)) {
	case PF_FRAME:
		return frame(p, s, &f);
	case PF_SAMPLE:
		return finish(p, s) < 0 ? -1 : frame(p, s, &f);
	case PF_HEADER:
	case PF_BLANK:
		break;
	}
	return finish(p, s);
}

int pf_profile_read(struct pf_profile *p, FILE *in)
{
	struct sample s = { 0 };
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	errno = 0;
	while (rc == 0 && (len = getline(&buf, &cap, in)) >= 0)
		rc = line(p, &s, buf, (size_t)len);
	if (rc == 0)
		rc = ferror(in) ? -1 : finish(p, &s);
	else
		errno = ENOMEM;
	free(buf);
	return rc;
}

void pf_profile_free(struct pf_profile *p)
{
	pf_names_free(&p->dsos);
	pf_names_free(&p->funcs);
	free(p->dso_samples);
	free(p->samples);
	free(p->edge);
	*p = (struct pf_profile){ 0 };
}

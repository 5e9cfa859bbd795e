/*
 * Messages, on stderr, prefixed "hugelink: <program>:".
 */
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "runtime/report.h"

void rt_report_init(struct rt_report *r, int verbose, const char *prog)
{
	memset(r, 0, sizeof(*r));
	r->verbose = verbose;
	r->prog = prog ? prog : "?";
}

static void add(struct rt_reasons *list, const char *fmt, va_list ap)
{
	char text[sizeof(list->text[0])];

	vsnprintf(text, sizeof(text), fmt, ap);
	for (int i = 0; i < list->n; i++)
		if (!strcmp(list->text[i], text))
			return;
	if (list->n < RT_REPORT_WHYS)
		memcpy(list->text[list->n++], text, sizeof(text));
}

void rt_report_why(struct rt_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(&r->base, fmt, ap);
	va_end(ap);
}

void rt_report_thp(struct rt_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(&r->thp, fmt, ap);
	va_end(ap);
}

void rt_report_share(struct rt_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(&r->share, fmt, ap);
	va_end(ap);
}

void rt_report_pool(struct rt_report *r, const char *text)
{
	snprintf(r->pool, sizeof(r->pool), "%s", text);
}

/* LIST, each after SEP and then after "; ". */
static void put_list(const struct rt_reasons *list, const char *sep)
{
	for (int i = 0; i < list->n; i++, sep = "; ")
		fprintf(stderr, "%s%s", sep, list->text[i]);
}

/* The pool's story when POOL, then LIST. */
static void put_why(const struct rt_report *r, bool pool,
		    const struct rt_reasons *list)
{
	if (pool)
		fputs(r->pool, stderr);
	put_list(list, pool ? "; " : "");
}

/*
 * HUGETLB_SHARE could not share: one message, which also says where the
 * private copies went when transparent huge pages took them.
 */
static void say_share(const struct rt_report *r, bool thp)
{
	fprintf(stderr, "hugelink: %s: HUGETLB_SHARE: ", r->prog);
	put_list(&r->share, "");
	fputs("; using private copies", stderr);
	if (thp) {
		fputs(", on transparent huge pages where hugetlb pages could "
		      "not be had (", stderr);
		put_why(r, r->pool_thp, &r->thp);
		fputc(')', stderr);
	}
	fputs("; sharing needs hugetlbfs: a mount, and pages in its pool\n",
	      stderr);
}

void rt_report_flush(struct rt_report *r)
{
	bool thp = r->thp.n || r->pool_thp;

	if (r->verbose >= HL_V_WARN && (r->base.n || r->pool_base)) {
		fprintf(stderr, "hugelink: %s: staying on base pages where "
			"asked for huge ones: ", r->prog);
		put_why(r, r->pool_base, &r->base);
		fputc('\n', stderr);
	}
	if (r->verbose >= HL_V_WARN && r->share.n) {
		say_share(r, thp);
	} else if (r->verbose >= HL_V_WARN && thp) {
		fprintf(stderr, "hugelink: %s: on transparent huge pages where "
			"hugetlb pages could not be had: ", r->prog);
		put_why(r, r->pool_thp, &r->thp);
		fputc('\n', stderr);
	}
	r->base.n = r->thp.n = r->share.n = 0;
	r->pool_base = r->pool_thp = false;
}

static const char *prot_text(int prot, char *buf)
{
	buf[0] = prot & 1 ? 'r' : '-';	/* PROT_READ, PROT_WRITE, PROT_EXEC */
	buf[1] = prot & 2 ? 'w' : '-';
	buf[2] = prot & 4 ? 'x' : '-';
	buf[3] = '\0';
	return buf;
}

void rt_report_plan(const struct rt_report *r, const struct hl_plan *plan)
{
	char p[4], sz[16];

	if (r->verbose < HL_V_DEBUG)
		return;
	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		fprintf(stderr, "hugelink: %s: segment %d %s %#lx-%#lx: %s",
			r->prog, s->phdr, prot_text(s->prot, p),
			(unsigned long)s->start, (unsigned long)s->end,
			hl_why_text(s->why));
		if (s->remap)
			fprintf(stderr, " (%#lx-%#lx, %s pages)",
				(unsigned long)s->map_start,
				(unsigned long)s->map_end,
				hl_format_size(s->page, sz, sizeof(sz)));
		fputc('\n', stderr);
	}
}

void rt_report_swap(const struct rt_report *r, const struct sw_range *s,
		    const char *backing)
{
	char p[4];

	if (r->verbose < HL_V_INFO)
		return;
	fprintf(stderr, "hugelink: %s: %#lx-%#lx %s %s: copied %llu bytes in "
		"%.3f ms%s\n", r->prog, (unsigned long)s->target,
		(unsigned long)(s->target + s->len), prot_text(s->prot, p),
		backing, (unsigned long long)s->copied,
		(double)(s->ns + s->prep_ns) / 1e6,
		!s->err ? "" : s->recovered ? " (the swap failed: restored "
		"from the copy)" : " (the swap failed: the old pages stay)");
}

void rt_report_base(const struct rt_report *r, uintptr_t lo, uintptr_t hi,
		    int prot)
{
	char p[4];

	if (r->verbose >= HL_V_INFO)
		fprintf(stderr, "hugelink: %s: %#lx-%#lx %s base\n", r->prog,
			(unsigned long)lo, (unsigned long)hi, prot_text(prot, p));
}

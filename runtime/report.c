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

void rt_report_why(struct rt_report *r, const char *fmt, ...)
{
	va_list ap;

	if (r->why[0])
		return;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
}

void rt_report_flush(struct rt_report *r)
{
	if (r->why[0] && r->verbose >= HL_V_WARN)
		fprintf(stderr, "hugelink: %s: staying on base pages where asked "
			"for huge ones: %s\n", r->prog, r->why);
	r->why[0] = '\0';
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
		    size_t page, const char *backing)
{
	char p[4], sz[16];

	if (r->verbose < HL_V_INFO)
		return;
	fprintf(stderr, "hugelink: %s: %#lx-%#lx %s %s pages x%zu %s: "
		"copied %llu bytes in %.3f ms%s\n", r->prog,
		(unsigned long)s->target, (unsigned long)(s->target + s->len),
		prot_text(s->prot, p), hl_format_size(page, sz, sizeof(sz)),
		s->len / page, backing, (unsigned long long)s->copied,
		(double)(s->ns + s->prep_ns) / 1e6, s->err ? " (swap failed: on base pages)" : "");
}

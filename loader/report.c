/* SPDX-License-Identifier: MIT */
/*
 * Messages, on fd 2, prefixed "hugelink: <program>:", while fd 2 is the
 * standard error noted by the first pass (remap_stderr_same).  Each line
 * is made in a buffer and written in one call (remap_stderr_write, which
 * keeps a reader gone from raising SIGPIPE), rather than to libc's
 * stderr, whose address the dynamic loader would otherwise look up as it
 * loads every relinked program.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch/raw.h"
#include "core/size.h"
#include "core/text.h"
#include "loader/report.h"
#include "loader/said.h"

/*
 * Whether fd 2, a socket, is a local one (AF_UNIX), as a service
 * manager's log stream is (systemd's journal), and not a network peer's,
 * which a daemon that closed its standard error may have been given as
 * fd 2: the messages, which name addresses, would go into its protocol.
 */
static bool local_socket(void)
{
	struct sockaddr_storage sa = { 0 };
	socklen_t len = sizeof(sa);

	return !raw_syscall6(SYS_getsockname, 2, (long)&sa, (long)&len, 0, 0,
			     0) && sa.ss_family == AF_UNIX;
}

/*
 * What a standard error is: a terminal or another character device, a
 * pipe, a local socket, or a file opened for writing only, as a shell's
 * 2> and 2>> open it.  A file open for reading too is data a program
 * opened.  FLAGS, the file status flags, matter for a regular file only.
 */
static bool stderr_like(const struct statx *st, int flags)
{
	return S_ISCHR(st->stx_mode) || S_ISFIFO(st->stx_mode) ||
	       (S_ISSOCK(st->stx_mode) && local_socket()) ||
	       (S_ISREG(st->stx_mode) && (flags & O_ACCMODE) == O_WRONLY);
}

/*
 * The file status flags of fd 2, or 0 when they cannot be had: with the
 * raw system call, which spares the dynamic loader binding fcntl at its
 * first call (a few microseconds of a start served without a pass).
 */
static int stderr_flags(void)
{
	long r = raw_syscall6(SYS_fcntl, 2, F_GETFL, 0, 0, 0, 0);

	return r < 0 ? 0 : (int)r;
}

void ldr_stderr_note(struct remap_stderr *e)
{
	struct statx st;
	bool open = remap_stderr_stat(2, &st) == 0 &&
		    stderr_like(&st, S_ISREG(st.stx_mode) ? stderr_flags() : 0);

	e->fd = open ? 2 : -1;
	e->dev_major = open ? st.stx_dev_major : 0;
	e->dev_minor = open ? st.stx_dev_minor : 0;
	e->ino = open ? st.stx_ino : 0;
}

/*
 * Write a line, cut to end in a newline where it is longer than
 * LDR_REPORT_LINE_MAX; when ONCE, only if it was not said before in the
 * process (loader/said.h).
 */
static void write_line(bool once, const char *fmt, va_list ap)
{
	char out[LDR_REPORT_LINE_MAX];
	int n = vsnprintf(out, sizeof(out), fmt, ap);

	if (n <= 0)
		return;
	if ((size_t)n >= sizeof(out)) {
		n = sizeof(out) - 1;
		out[n - 1] = '\n';
	}
	if (!once || !ldr_said_before(out, (size_t)n))
		remap_stderr_write(STDERR_FILENO, out, (size_t)n);
}

void ldr_report_write(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	write_line(false, fmt, ap);
	va_end(ap);
}

/* The same, for a warning: said once in the process. */
__attribute__((format(printf, 1, 2)))
static void write_once(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	write_line(true, fmt, ap);
	va_end(ap);
}

void ldr_report_init(struct ldr_report *r, struct ldr_report_texts *t,
		     int verbose, const char *prog)
{
	r->verbose = verbose;
	r->prog = prog ? prog : "?";
	r->obj = NULL;
	r->kept = false;
	r->share_tracer = 0;
	r->share_hugetlbfs = false;
	r->pool_base = r->pool_thp = false;
	r->t = t;
}

/* R's texts, cleared if nothing was recorded since the last flush: only
 * the counts, as the reasons' room is written before it is read. */
static struct ldr_report_texts *texts(struct ldr_report *r)
{
	struct ldr_report_texts *t = r->t;

	if (!r->kept) {
		t->base.n = t->thp.n = t->thp_short.n = t->share.n = 0;
		t->perf_map[0] = t->pool[0] = t->smaller[0] = '\0';
		r->kept = true;
	}
	return t;
}

static void add(struct ldr_reasons *list, const char *fmt, va_list ap)
{
	char text[sizeof(list->text[0])];

	vsnprintf(text, sizeof(text), fmt, ap);
	for (int i = 0; i < list->n; i++)
		if (!strcmp(list->text[i], text))
			return;
	if (list->n < LDR_REPORT_WHYS) {
		list->subject[list->n] = 0;
		memcpy(list->text[list->n++], text, sizeof(text));
	}
}

void ldr_report_why(struct ldr_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(&texts(r)->base, fmt, ap);
	va_end(ap);
}

/* Whether the segments SUBJECT (LEN bytes) name ONE ("2 at 0x1000"). */
static bool names(const char *subject, size_t len, const char *one)
{
	size_t n = strlen(one);

	for (size_t i = 0; i + n <= len; i++)
		if (i > 0 && subject[i - 1] == ' ' &&
		    !memcmp(subject + i, one, n) &&
		    (i + n == len || subject[i + n] == ','))
			return true;
	return false;
}

/*
 * Add ONE to the segments of reason I of LIST: "segment 2 at 0x1: WHY"
 * becomes "segments 2 at 0x1, 3 at 0x2: WHY".  Returns false, leaving
 * it, where the result would not fit.
 */
static bool join_segment(struct ldr_reasons *list, int i, const char *one)
{
	const char *text = list->text[i];
	size_t len = list->subject[i];
	/* "segment 2 at 0x1" gives its numbers to "segments ": */
	size_t skip = text[strlen("segment")] == ' ' ? strlen("segment ") : 0;
	char joined[LDR_REPORT_WHY_LEN];
	int subject, whole;

	subject = snprintf(joined, sizeof(joined), "%s%.*s, %s",
			   skip ? "segments " : "", (int)(len - skip),
			   text + skip, one);
	whole = subject >= 0 ? subject + (int)strlen(text + len) : -1;
	if (whole < 0 || (size_t)whole >= sizeof(joined))
		return false;
	memcpy(joined + subject, text + len, strlen(text + len) + 1);
	memcpy(list->text[i], joined, (size_t)whole + 1);
	list->subject[i] = (unsigned short)subject;
	return true;
}

void ldr_report_why_segment(struct ldr_report *r, int phdr, uintptr_t at,
			    const char *why)
{
	struct ldr_reasons *list = &texts(r)->base;
	char one[48];

	snprintf(one, sizeof(one), "%d at %#lx", phdr, (unsigned long)at);
	for (int i = 0; i < list->n; i++) {
		size_t len = list->subject[i];

		if (!len || strcmp(list->text[i] + len + strlen(": "), why))
			continue;
		if (names(list->text[i], len, one) ||
		    join_segment(list, i, one))
			return;
	}
	if (list->n == LDR_REPORT_WHYS)
		return;
	snprintf(list->text[list->n], sizeof(list->text[0]), "segment %s: %s",
		 one, why);
	list->subject[list->n++] = (unsigned short)(strlen("segment ") +
						    strlen(one));
}

void ldr_report_thp(struct ldr_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(&texts(r)->thp, fmt, ap);
	va_end(ap);
}

void ldr_report_thp_short(struct ldr_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add(&texts(r)->thp_short, fmt, ap);
	va_end(ap);
}

void ldr_report_share(struct ldr_report *r, bool no_hugetlbfs,
		      const char *fmt, ...)
{
	va_list ap;

	r->share_hugetlbfs |= no_hugetlbfs;
	va_start(ap, fmt);
	add(&texts(r)->share, fmt, ap);
	va_end(ap);
}

void ldr_report_share_traced(struct ldr_report *r, int tracer)
{
	texts(r);
	r->share_tracer = tracer;
}

void ldr_report_perf_map(struct ldr_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(texts(r)->perf_map, sizeof(r->t->perf_map), fmt, ap);
	va_end(ap);
}

void ldr_report_smaller(struct ldr_report *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(texts(r)->smaller, sizeof(r->t->smaller), fmt, ap);
	va_end(ap);
}

void ldr_report_pool(struct ldr_report *r, const char *text)
{
	snprintf(texts(r)->pool, sizeof(r->t->pool), "%s", text);
}

/* A message being put together (core/text.h). */
struct line {
	char buf[4096];
	struct hl_text t;
};

static struct hl_text *line_start(struct line *l)
{
	hl_text_init(&l->t, l->buf, sizeof(l->buf));
	return &l->t;
}

/* The pool's story when POOL, then LIST, separated by "; ". */
static void put_why(struct hl_text *l, const struct ldr_report *r, bool pool,
		    const struct ldr_reasons *list)
{
	const char *sep = "";

	if (pool) {
		hl_text_put(l, "%s", r->t->pool);
		sep = "; ";
	}
	for (int i = 0; i < list->n; i++, sep = "; ")
		hl_text_put(l, "%s%s", sep, list->text[i]);
}

/* Why THP served: the pool's story, the refusals, and the pools found
 * short as their pages were mapped. */
static void put_thp_why(struct hl_text *l, const struct ldr_report *r)
{
	size_t before = l->used;

	put_why(l, r, r->pool_thp, &r->t->thp);
	for (int i = 0; i < r->t->thp_short.n; i++)
		hl_text_put(l, "%s%s", l->used > before ? "; " : "",
			    r->t->thp_short.text[i]);
}

/*
 * HUGETLB_SHARE could not share: one message, which also says where the
 * private copies went when transparent huge pages took them.
 */
static void put_share(struct hl_text *l, const struct ldr_report *r, bool thp)
{
	hl_text_put(l, "HUGETLB_SHARE: ");
	if (r->share_tracer)
		hl_text_put(l, "the process is traced (by process %d), and "
			    "nothing a debugger writes into its text may "
			    "reach other runs", r->share_tracer);
	else
		put_why(l, r, false, &r->t->share);
	hl_text_put(l, "; using private copies");
	if (thp) {
		hl_text_put(l, ", on transparent huge pages where hugetlb "
			    "pages could not be had (");
		put_thp_why(l, r);
		hl_text_put(l, ")");
	}
	if (!r->share_tracer && r->share_hugetlbfs)
		hl_text_put(l, "; sharing needs hugetlbfs: a mount, and pages "
			    "in its pool");
}

/* "hugelink: PROG: " and, for a library, "LIB: ". */
static const char *who(const struct ldr_report *r, char *buf, size_t len)
{
	snprintf(buf, len, "hugelink: %s: %s%s", r->prog, r->obj ? r->obj : "",
		 r->obj ? ": " : "");
	return buf;
}

/*
 * Say L: a warning once in the process, as the default verbosity has it;
 * at HUGETLB_VERBOSE=3 and above, which trace what each pass does, each
 * time.
 */
static void say(const struct ldr_report *r, const struct line *l)
{
	char head[300];

	if (r->verbose >= HL_V_INFO)
		ldr_report_write("%s%s\n", who(r, head, sizeof(head)), l->buf);
	else
		write_once("%s%s\n", who(r, head, sizeof(head)), l->buf);
}

void ldr_report_setting(const struct ldr_report *r, const char *text)
{
	struct line l;

	if (r->verbose < HL_V_WARN)
		return;
	hl_text_put(line_start(&l), "%s", text);
	say(r, &l);
}

void ldr_report_object(struct ldr_report *r, const char *obj)
{
	ldr_report_flush(r);
	r->obj = obj;
}

/*
 * The verbosity at which to say that transparent huge pages served:
 * where the only reason is that the pool (or a hugetlb cgroup limit)
 * had too few pages, THP is the fallback doing its job, said at 3,
 * whether the counts said so or the mapping found it so
 * (ldr_report_thp_short); where hugetlb pages were refused otherwise
 * (pages reserved and then refused, a swap restored onto THP) or
 * sharing failed, at 2.
 */
static int thp_level(const struct ldr_report *r)
{
	return r->t->thp.n || r->t->share.n || r->share_tracer ? HL_V_WARN :
	       HL_V_INFO;
}

void ldr_report_flush(struct ldr_report *r)
{
	const struct ldr_report_texts *t;
	bool thp;
	struct line l;
	struct hl_text *text;

	if (!r->kept && !r->pool_base && !r->pool_thp)
		return;
	t = texts(r);
	thp = t->thp.n || t->thp_short.n || r->pool_thp;
	if (r->verbose >= HL_V_WARN && (t->base.n || r->pool_base)) {
		text = line_start(&l);
		hl_text_put(text, "staying on base pages where asked for huge "
			    "ones: ");
		put_why(text, r, r->pool_base, &t->base);
		say(r, &l);
	}
	if (r->verbose >= thp_level(r) && (t->share.n || r->share_tracer || thp)) {
		text = line_start(&l);
		if (t->share.n || r->share_tracer)
			put_share(text, r, thp);
		else {
			hl_text_put(text, "on transparent huge pages where "
				    "hugetlb pages could not be had: ");
			put_thp_why(text, r);
		}
		say(r, &l);
	}
	if (r->verbose >= HL_V_WARN && t->smaller[0]) {
		hl_text_put(line_start(&l), "on smaller huge pages than asked "
			    "for: %s", t->smaller);
		say(r, &l);
	}
	if (r->verbose >= HL_V_WARN && t->perf_map[0]) {
		hl_text_put(line_start(&l), "HUGELINK_PERF_MAP: %s; perf "
			    "attached later cannot name the functions of the "
			    "moved text", t->perf_map);
		say(r, &l);
	}
	r->kept = false;
	r->share_tracer = 0;
	r->share_hugetlbfs = false;
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

void ldr_report_plan(const struct ldr_report *r, const struct hl_plan *plan)
{
	char p[4], sz[16], head[300];

	if (r->verbose < HL_V_DEBUG)
		return;
	for (int i = 0; i < plan->nseg; i++) {
		const struct hl_seg *s = &plan->seg[i];

		char pages[96] = "";

		if (s->remap)
			snprintf(pages, sizeof(pages), " (%#lx-%#lx, %s pages)",
				 (unsigned long)s->map_start,
				 (unsigned long)s->map_end,
				 hl_format_size(s->page, sz, sizeof(sz)));
		ldr_report_write("%ssegment %d %s %#lx-%#lx: %s%s\n",
				 who(r, head, sizeof(head)), s->phdr,
				 prot_text(s->prot, p), (unsigned long)s->start,
				 (unsigned long)s->end, hl_why_text(s->why),
				 pages);
	}
}

void ldr_report_swap(const struct ldr_report *r, const struct remap_range *s,
		    const char *backing)
{
	char p[4], head[300];

	if (r->verbose < HL_V_INFO)
		return;
	ldr_report_write("%s%#lx-%#lx %s %s: copied %llu bytes in "
		"%.3f ms%s\n", who(r, head, sizeof(head)),
		(unsigned long)s->target,
		(unsigned long)(s->target + s->len), prot_text(s->prot, p),
		backing, (unsigned long long)s->copied,
		(double)(s->ns + s->prep_ns) / 1e6,
		!s->err ? "" : s->recovered ? " (the swap failed: restored "
		"from the copy)" : " (the swap failed: the old pages stay)");
}

void ldr_report_base(const struct ldr_report *r, uintptr_t lo, uintptr_t hi,
		    int prot)
{
	char p[4], head[300];

	if (r->verbose >= HL_V_INFO)
		ldr_report_write("%s%#lx-%#lx %s base\n",
				 who(r, head, sizeof(head)), (unsigned long)lo,
				 (unsigned long)hi, prot_text(prot, p));
}

void ldr_report_info(const struct ldr_report *r, const char *text)
{
	char head[300];

	if (r->verbose >= HL_V_INFO)
		ldr_report_write("%s%s\n", who(r, head, sizeof(head)),
				 text);
}

void ldr_report_file(const struct ldr_report *r, uintptr_t lo, uintptr_t hi,
		     int prot, const char *text)
{
	char p[4], head[300];

	if (r->verbose >= HL_V_INFO)
		ldr_report_write("%s%#lx-%#lx %s %s\n",
				 who(r, head, sizeof(head)), (unsigned long)lo,
				 (unsigned long)hi, prot_text(prot, p), text);
}

/* SPDX-License-Identifier: MIT */
/*
 * Script generation.  Pure text processing: GNU ld's default script in,
 * the same script with its page-size constants replaced out.
 *
 * Why replacing the constants is enough: GNU ld aligns segment starts
 * with ALIGN(CONSTANT (MAXPAGESIZE)) and DATA_SEGMENT_ALIGN, and ends
 * RELRO on DATA_SEGMENT_ALIGN's first argument.  With those set to the
 * huge page size, the addresses land on huge-page boundaries while the
 * file offsets keep the real -z max-page-size (4 KiB), so the file is
 * not padded to huge pages.
 *
 * Both kinds also end the segment that holds .bss on a huge-page
 * boundary, with an empty NOLOAD section, .hugelink.pad, right after
 * .bss (GNU ld puts orphan bss-like sections such as glibc's
 * __libc_freeres_ptrs between the two).  That costs address space only,
 * and it keeps the last huge page of bss to the program: the kernel then
 * puts the brk heap, and in a static-pie program the vDSO, beyond it
 * instead of inside it.
 *
 * Both kinds also make the segment that holds RELRO reach GNU_RELRO's
 * end.  GNU ld rounds that end up to a page and moves the RELRO
 * sections up to end there, but only as far as their alignments let
 * them; what is left is a gap below the rounded end that only a section
 * after RELRO, in the same segment, covers.  Here the section after
 * RELRO may start a segment of its own (data on a larger page, or .bss),
 * and with -z now there is no .got.plt in between, so PT_GNU_RELRO
 * would end past its PT_LOAD.  DATA_SEGMENT_RELRO_END (OFFSET, .) puts
 * the location counter exactly OFFSET below the rounded end.  With
 * OFFSET one more, a section of one byte, .hugelink.relro_end, fills
 * the byte below, and the OFFSET bytes after it (GNU ld's reserved
 * entries of .got.plt) still end on the rounded end.
 */
#include <err.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linker/script.h"

struct gen {
	FILE *f;
	enum lw_script_kind kind;
	size_t text_page, data_page;
	bool seen_dsa;		/* past DATA_SEGMENT_ALIGN */
	bool in_data;		/* past the point where DATA_PAGE applies */
	bool in_bss;		/* inside the .bss output statement */
	bool padded;		/* the pad section is written */
};

static const char *const constants[] = {
	"CONSTANT (MAXPAGESIZE)", "CONSTANT (COMMONPAGESIZE)",
	"CONSTANT(MAXPAGESIZE)", "CONSTANT(COMMONPAGESIZE)",
};

/* The first page-size constant in S[0..LEN), and its length in *N. */
static const char *find_constant(const char *s, size_t len, size_t *n)
{
	const char *best = NULL;

	for (size_t i = 0; i < sizeof(constants) / sizeof(constants[0]); i++) {
		size_t cn = strlen(constants[i]);
		const char *p = memmem(s, len, constants[i], cn);

		if (p && (!best || p < best)) {
			best = p;
			*n = cn;
		}
	}
	return best;
}

/* Write LINE (LEN bytes) with each constant replaced by PAGE (0: kept). */
static void put_line(FILE *f, const char *line, size_t len, size_t page)
{
	const char *p;
	size_t n = 0;

	while (page && (p = find_constant(line, len, &n))) {
		fwrite(line, 1, p - line, f);
		fprintf(f, "0x%zx", page);
		len -= p - line + n;
		line = p + n;
	}
	fwrite(line, 1, len, f);
	putc('\n', f);
}

/* True when LINE, after blanks, starts with WORD followed by a char in END. */
static bool starts(const char *line, size_t len, const char *word,
		   const char *end)
{
	size_t blank = strspn(line, " \t"), n = strlen(word);

	if (blank + n >= len || strncmp(line + blank, word, n) != 0)
		return false;
	return strchr(end, line[blank + n]) != NULL;
}

/* The ".data :" output statement, not .data1 or .data.rel.ro. */
static bool is_data_statement(const char *line, size_t len)
{
	size_t blank = strspn(line, " \t");

	if (!starts(line, len, ".data", " \t:"))
		return false;
	blank += 5 + strspn(line + blank + 5, " \t");
	return blank < len && line[blank] == ':';
}

/*
 * Write LINE; after the first "}" from ".bss :" on, which closes that
 * statement (GNU ld's has no braces inside), the pad section.
 */
static void put_bss_line(struct gen *g, const char *line, size_t len,
			 size_t page)
{
	put_line(g->f, line, len, page);
	if (g->padded)
		return;
	if (starts(line, len, ".bss", " \t:"))
		g->in_bss = true;
	if (g->in_bss && memchr(line, '}', len)) {
		fprintf(g->f,
			"  .hugelink.pad (NOLOAD) : { . = ALIGN(0x%zx); }\n",
			g->data_page);
		g->padded = true;
	}
}

/*
 * When LINE is "DATA_SEGMENT_RELRO_END (OFFSET, .)", write it with
 * OFFSET one more, and the one-byte section after it; true then.
 */
static bool put_relro_end(struct gen *g, const char *line, size_t len)
{
	const char *name = memmem(line, len, "DATA_SEGMENT_RELRO_END", 22);
	const char *open, *comma = NULL;

	if (!name)
		return false;
	open = name + 22 + strspn(name + 22, " \t");
	if (open >= line + len || *open != '(')
		return false;
	for (const char *p = open; p < line + len; p++)
		if (*p == ',')
			comma = p;
	if (!comma)
		return false;
	fprintf(g->f, "%.*s(1 + (%.*s)%.*s\n", (int)(open - line), line,
		(int)(comma - open - 1), open + 1,
		(int)(line + len - comma), comma);
	fputs("  .hugelink.relro_end : { BYTE(0) }\n", g->f);
	return true;
}

static void align_line(struct gen *g, const char *line, size_t len)
{
	if (put_relro_end(g, line, len))
		return;
	if (!g->seen_dsa && memmem(line, len, "DATA_SEGMENT_ALIGN", 18))
		g->seen_dsa = true;
	else if (g->seen_dsa && !g->in_data && g->data_page > g->text_page &&
		 is_data_statement(line, len)) {
		/* RELRO ended on a TEXT_PAGE boundary: data and bss move on
		 * to a segment of their own on the larger page. */
		fprintf(g->f, "  . = ALIGN(0x%zx);\n", g->data_page);
		g->in_data = true;
	}
	put_bss_line(g, line, len, g->in_data ? g->data_page : g->text_page);
}

static void bss_line(struct gen *g, const char *line, size_t len)
{
	if (put_relro_end(g, line, len))
		return;
	/* "__bss_start = .;", or "PROVIDE (__bss_start = .);" in scripts
	 * for shared objects, comes right before .bss. */
	if (!g->in_data && memmem(line, len, "__bss_start = .", 15)) {
		/* At least one real page past the data, so that GNU ld cannot
		 * keep .bss in the data segment. */
		fprintf(g->f,
			"  . = ALIGN(. + CONSTANT (MAXPAGESIZE), 0x%zx);\n",
			g->data_page);
		g->in_data = true;
	}
	put_bss_line(g, line, len, g->in_data ? g->data_page : 0);
}

/* True when LINE is a run of at least ten '=' and nothing else. */
static bool is_rule(const char *line, size_t len)
{
	return len >= 10 && strspn(line, "=") == len;
}

/* The script between the "=====" rules: *START and its length. */
static int body(const char *verbose, const char **start, size_t *len)
{
	const char *s = verbose, *first = NULL;

	while (*s) {
		size_t n = strcspn(s, "\n");

		if (is_rule(s, n) && first) {
			*start = first;
			*len = s - first;
			return 0;
		}
		if (is_rule(s, n))
			first = s + n + (s[n] == '\n');
		s += n + (s[n] == '\n');
	}
	warnx("ld --verbose printed no default linker script");
	return -1;
}

static int check(const struct gen *g)
{
	if (g->kind == LW_SCRIPT_ALIGN && !g->seen_dsa) {
		warnx("GNU ld's default script has no DATA_SEGMENT_ALIGN "
		      "(a non-paged output such as -N or -n?)");
		return -1;
	}
	if (g->kind == LW_SCRIPT_ALIGN && g->data_page > g->text_page &&
	    !g->in_data) {
		warnx("GNU ld's default script has no .data statement");
		return -1;
	}
	if (g->kind == LW_SCRIPT_BSS && !g->in_data) {
		warnx("GNU ld's default script has no __bss_start");
		return -1;
	}
	if (!g->padded) {
		warnx("GNU ld's default script has no .bss statement");
		return -1;
	}
	return 0;
}

char *lw_script_make(const char *verbose, enum lw_script_kind kind,
		     size_t text_page, size_t data_page)
{
	struct gen g = { .kind = kind, .text_page = text_page,
			 .data_page = data_page };
	const char *s, *end;
	char *out = NULL;
	size_t len, outlen;

	if (body(verbose, &s, &len) < 0)
		return NULL;
	g.f = open_memstream(&out, &outlen);
	if (!g.f) {
		warn("open_memstream");
		return NULL;
	}
	fprintf(g.f, "/* Made by hugetlbfs-ld from GNU ld's default script "
		"for huge pages of 0x%zx bytes. */\n", data_page);
	for (end = s + len; s < end; ) {
		size_t n = strcspn(s, "\n");

		if (kind == LW_SCRIPT_ALIGN)
			align_line(&g, s, n);
		else
			bss_line(&g, s, n);
		s += n + 1;
	}
	if (fclose(g.f) != 0) {
		warn("generating the linker script");
		free(out);
		return NULL;
	}
	if (check(&g) < 0) {
		free(out);
		return NULL;
	}
	return out;
}

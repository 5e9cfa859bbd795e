/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <string.h>

#include "tools/profile/perfline.h"

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The hexadecimal number of S[0..LEN) into *V; false when it is none. */
static bool parse_hex(const char *s, size_t len, uint64_t *v)
{
	if (len == 0 || len > 16)
		return false;
	*v = 0;
	for (size_t i = 0; i < len; i++) {
		int d = hex_digit(s[i]);

		if (d < 0)
			return false;
		*v = *v << 4 | (uint64_t)d;
	}
	return true;
}

/* S[0..*LEN) without trailing white space. */
static void trim_end(const char *s, size_t *len)
{
	while (*len && is_space(s[*len - 1]))
		(*len)--;
}

/* Cut "(OBJECT)" off the end of S[0..*LEN) into F, when it ends so. */
static void cut_dso(const char *s, size_t *len, struct pf_frame *f)
{
	size_t depth = 0, i = *len;

	f->dso = NULL;
	f->dso_len = 0;
	if (!i || s[i - 1] != ')')
		return;
	/* Object paths may hold parentheses ("(deleted)"): match them. */
	while (i--) {
		if (s[i] == ')')
			depth++;
		else if (s[i] == '(' && --depth == 0)
			break;
	}
	if (depth != 0 || i == (size_t)-1 || i == 0 || !is_space(s[i - 1]))
		return;
	f->dso = s + i + 1;
	f->dso_len = *len - i - 2;
	*len = i;
	trim_end(s, len);
}

/* Drop a "+0xOFFSET" from the end of the symbol in F. */
static void cut_offset(struct pf_frame *f)
{
	const char *plus = NULL;
	uint64_t off;

	for (size_t i = 0; i + 3 <= f->sym_len; i++)
		if (f->sym[i] == '+' && f->sym[i + 1] == '0' &&
		    f->sym[i + 2] == 'x')
			plus = f->sym + i;
	if (plus && parse_hex(plus + 3, f->sym_len - (plus + 3 - f->sym), &off))
		f->sym_len = plus - f->sym;
}

/* A call chain's frame: "IP SYMBOL..." with the object cut already. */
static bool chain_frame(const char *s, size_t len, struct pf_frame *f)
{
	size_t i = 0, ip_end;

	while (i < len && is_space(s[i]))
		i++;
	ip_end = i;
	while (ip_end < len && !is_space(s[ip_end]))
		ip_end++;
	if (!parse_hex(s + i, ip_end - i, &f->ip))
		return false;
	i = ip_end;
	while (i < len && is_space(s[i]))
		i++;
	if (i == len)
		return false;
	f->sym = s + i;
	f->sym_len = len - i;
	cut_offset(f);
	return f->sym_len > 0;
}

/* The start of the last word of S[0..LEN), which ends in a non-space. */
static size_t last_word(const char *s, size_t len)
{
	while (len && !is_space(s[len - 1]))
		len--;
	return len;
}

/* A header's trailing frame: "... IP SYMBOL (OBJECT)". */
static bool header_frame(const char *s, size_t len, struct pf_frame *f)
{
	size_t sym, ip_end, ip;

	cut_dso(s, &len, f);
	if (!f->dso)
		return false;
	sym = last_word(s, len);
	ip_end = sym;
	trim_end(s, &ip_end);
	ip = last_word(s, ip_end);
	if (sym == len || ip_end == 0 ||
	    !parse_hex(s + ip, ip_end - ip, &f->ip))
		return false;
	f->sym = s + sym;
	f->sym_len = len - sym;
	cut_offset(f);
	return f->sym_len > 0;
}

enum pf_kind pf_parse_line(const char *line, size_t len, struct pf_frame *f)
{
	size_t n = len;

	memset(f, 0, sizeof(*f));
	trim_end(line, &n);
	if (n == 0)
		return PF_BLANK;
	if (line[0] == '\t') {
		cut_dso(line, &n, f);
		return chain_frame(line, n, f) ? PF_FRAME : PF_HEADER;
	}
	return header_frame(line, n, f) ? PF_SAMPLE : PF_HEADER;
}

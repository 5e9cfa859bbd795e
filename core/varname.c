/* SPDX-License-Identifier: MIT */
/*
 * Telling hugelink's environment names from mistakes for them: see
 * varname.h.  Pure: no system calls, no allocation, no globals but the
 * names.
 */
#include <string.h>

#include "core/varname.h"

#define FAR 3		/* a distance beyond near */
#define LONGEST 40	/* a longer name is near none of those below */

/*
 * Every name known, in arrays of their own, which need no relocation:
 * hugelink's first, KNOWN_OURS of them, then libhugetlbfs's.
 */
static const char known[][32] = {
	/* The runtime's: core/config.h, loader/fault.h. */
	"HUGETLB_ELFMAP", "HUGETLB_FORCE_ELFMAP", "HUGETLB_MINIMAL_COPY",
	"HUGETLB_DEFAULT_PAGE_SIZE", "HUGETLB_PATH", "HUGETLB_RESTRICT_EXE",
	"HUGETLB_SHARE", "HUGETLB_SHARE_PATH", "HUGETLB_VERBOSE",
	"HUGETLB_DEBUG", "HUGETLB_NO_RESERVE", "HUGELINK_BACKING",
	"HUGELINK_PERF_MAP", "HUGELINK_PRIME", "HUGELINK_TEXT",
	"HUGELINK_TEXT_BUDGET", "HUGELINK_MIN_FILL", "HUGELINK_LIBS",
	"HUGELINK_FAULT",
	/* hugectl's, for the runtime: tools/hugectl/main.c. */
	"HUGELINK_CTL_PID",
	/* The linker wrapper's: linker/realld.h. */
	"HUGELINK_LD", "HUGELINK_WRAPPER_PID",
	/* libhugetlbfs's own: its heap, shared memory and features, as
	 * hugeutils.c reads them in 2.24 ... */
	"HUGETLB_MORECORE", "HUGETLB_MORECORE_HEAPBASE",
	"HUGETLB_MORECORE_SHRINK", "HUGETLB_SHM", "HUGETLB_NO_PREFAULT",
	"HUGETLB_FEATURES",
	/* ... its ld.hugetlbfs script's ... */
	"HUGETLB_LDSCRIPT_PATH", "HUGETLB_DEPRECATED_LINK",
	/* ... and what elflink.c read in 1.1. */
	"HUGETLB_FORCE_ELFMAP_EXECSTART",
};

#define KNOWN_OURS 22
#define KNOWN_ALL (sizeof(known) / sizeof(known[0]))

static char upper(char c)
{
	return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

static size_t min_of(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* The length of ENTRY's name: up to its '='. */
static size_t name_len(const char *entry)
{
	size_t n = 0;

	while (entry[n] && entry[n] != '=')
		n++;
	return n;
}

/* True when A, N bytes, is the string B, in any case when NOCASE. */
static bool same(const char *a, size_t n, const char *b, bool nocase)
{
	for (size_t i = 0; i < n; i++)
		if (!b[i] || (nocase ? upper(a[i]) != upper(b[i]) : a[i] != b[i]))
			return false;
	return !b[n];
}

/* True when A[I] and B[J] are the same letter, in any case. */
static bool eq(const char *a, size_t i, const char *b, size_t j)
{
	return upper(a[i]) == upper(b[j]);
}

/*
 * The fewest letters inserted, removed, changed or swapped with their
 * neighbour that make A (N bytes) into B (M bytes), in any case (the
 * optimal string alignment distance), or FAR when that is FAR or more.
 * Three rows of the table are kept: this one and the two before it.
 */
static size_t distance(const char *a, size_t n, const char *b, size_t m)
{
	size_t row[3][LONGEST + 1];

	if (n > LONGEST || m > LONGEST || (n > m ? n - m : m - n) >= FAR)
		return FAR;
	for (size_t j = 0; j <= m; j++)
		row[0][j] = j;
	for (size_t i = 1; i <= n; i++) {
		size_t *cur = row[i % 3], *up = row[(i - 1) % 3];
		size_t *up2 = row[(i + 1) % 3];	/* row i - 2 */
		size_t least = cur[0] = i;

		for (size_t j = 1; j <= m; j++) {
			cur[j] = min_of(min_of(up[j], cur[j - 1]) + 1,
					up[j - 1] + !eq(a, i - 1, b, j - 1));
			if (i > 1 && j > 1 && eq(a, i - 1, b, j - 2) &&
			    eq(a, i - 2, b, j - 1))
				cur[j] = min_of(cur[j], up2[j - 2] + 1);
			least = min_of(least, cur[j]);
		}
		/* No later row holds less than this one's least, nor than
		 * the one before's plus a swap. */
		if (least >= FAR)
			return FAR;
	}
	return min_of(row[n % 3][m], FAR);
}

/*
 * The known name whose words after the first '_' are those of NAME (N
 * bytes), in any case, when NAME's word before it is within two letters
 * of HUGETLB or HUGELINK; else NULL.
 */
static const char *by_rest(const char *name, size_t n)
{
	const char *sep = memchr(name, '_', n);
	size_t word;

	if (!sep)
		return NULL;
	word = (size_t)(sep - name);
	if (distance(name, word, "HUGETLB", 7) >= FAR &&
	    distance(name, word, "HUGELINK", 8) >= FAR)
		return NULL;
	for (size_t i = 0; i < KNOWN_ALL; i++)
		if (same(sep + 1, n - word - 1, strchr(known[i], '_') + 1,
			 true))
			return known[i];
	return NULL;
}

/* The known name closest to NAME (N bytes), within two letters; else
 * NULL. */
static const char *closest(const char *name, size_t n)
{
	const char *meant = NULL;
	size_t best = FAR, d;

	for (size_t i = 0; i < KNOWN_ALL; i++) {
		d = distance(name, n, known[i], strlen(known[i]));
		if (d < best) {
			best = d;
			meant = known[i];
		}
	}
	return meant;
}

enum hl_varname hl_varname_judge(const char *entry, const char **meant)
{
	size_t n = name_len(entry);

	*meant = NULL;
	for (size_t i = 0; i < KNOWN_ALL; i++)
		if (same(entry, n, known[i], false))
			return i < KNOWN_OURS ? HL_VARNAME_KNOWN :
			       HL_VARNAME_LIBHUGETLBFS;
	*meant = closest(entry, n);
	if (!*meant)
		*meant = by_rest(entry, n);
	if (*meant)
		return HL_VARNAME_NEAR;
	return !strncmp(entry, "HUGETLB_", 8) || !strncmp(entry, "HUGELINK_", 9) ?
	       HL_VARNAME_UNKNOWN : HL_VARNAME_OTHER;
}

bool hl_varname_odd(const char *entry)
{
	const char *meant;
	enum hl_varname v = hl_varname_judge(entry, &meant);

	return v == HL_VARNAME_NEAR || v == HL_VARNAME_UNKNOWN;
}

const char *hl_varname_text(const char *entry, char *buf, size_t len)
{
	size_t n = name_len(entry), i;

	for (i = 0; i < n && i + 1 < len; i++)
		buf[i] = entry[i] > ' ' && entry[i] < 0x7f ? entry[i] : '?';
	if (i < n)
		memcpy(buf + len - 4, "...", 4);
	else
		buf[i] = '\0';
	return buf;
}
